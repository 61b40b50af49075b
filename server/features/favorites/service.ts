import type { ServerContext } from '../../context';
import { changeUser } from '../../shared/users';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { lockStory } from '../stories';

/**
 * A user's favourites are the `favorites` list of story ids on their record (spec section 3),
 * stored as userFavorites rows. Each change is pushed to the user's other tabs.
 */
export async function addFavorite(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<string[]> {
  const user = await changeUser(ctx, viewer.uid, async (trx) => {
    const row = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'favorite', row);
    await trx
      .insertInto('userFavorites')
      .values({ uid: viewer.uid, storyId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['uid', 'storyId']).doNothing())
      .execute();
  });
  return user.favorites;
}

/** Always allowed and idempotent: removing says nothing about whether the story exists. */
export async function removeFavorite(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<string[]> {
  const user = await changeUser(ctx, viewer.uid, (trx) =>
    trx.deleteFrom('userFavorites').where('uid', '=', viewer.uid).where('storyId', '=', storyId).execute(),
  );
  return user.favorites;
}
