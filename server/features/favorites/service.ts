import type { ServerContext } from '../../context';
import { publishUserChanged } from '../me/service';
import { authorizeStory, type Viewer } from '../stories/policy';
import { lockStory, storyFacts } from '../stories/queries';

/**
 * A user's favourites are the `favorites` list of story ids on their record (spec section 3),
 * stored as userFavorites rows. Each change is pushed to the user's other tabs.
 */
export async function addFavorite(ctx: ServerContext, viewer: NonNullable<Viewer>, storyId: string): Promise<string[]> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, storyId);
    authorizeStory('favorite', viewer, row && storyFacts(row));
    await trx
      .insertInto('userFavorites')
      .values({ uid: viewer.uid, storyId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['uid', 'storyId']).doNothing())
      .execute();
  });
  return (await publishUserChanged(ctx, viewer.uid)).favorites;
}

/** Always allowed and idempotent: removing says nothing about whether the story exists. */
export async function removeFavorite(ctx: ServerContext, viewer: NonNullable<Viewer>, storyId: string): Promise<string[]> {
  await ctx.db.deleteFrom('userFavorites').where('uid', '=', viewer.uid).where('storyId', '=', storyId).execute();
  return (await publishUserChanged(ctx, viewer.uid)).favorites;
}
