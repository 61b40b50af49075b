import type { ServerContext } from '../../context';
import { changeUser } from '../../shared/users';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { lockStory } from '../stories';
import { notify, withdraw } from '../notifications';
import { deleteFavorite, insertFavorite, storyAuthor } from './queries';

/**
 * A user's favourites are the `favorites` list of story ids on their record (spec section 3),
 * stored as userFavorites rows. Each change is pushed to the user's other tabs.
 */
export async function addFavorite(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<string[]> {
  const user = await changeUser(ctx, viewer.uid, async (trx) => {
    const row = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'favorite', row);
    const added = await insertFavorite(trx, viewer.uid, storyId, new Date().toISOString());
    if (added.length > 0) {
      await notify(ctx, trx, { to: row.uid, type: 'favorite', actorUid: viewer.uid, at: new Date().toISOString(), link: `/story/${storyId}`, subject: row.title, storyId });
    }
  });
  return user.favorites;
}

/** Always allowed and idempotent: removing says nothing about whether the story exists. */
export async function removeFavorite(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<string[]> {
  const user = await changeUser(ctx, viewer.uid, async (trx) => {
    const removed = await deleteFavorite(trx, viewer.uid, storyId);
    if (removed.length === 0) return;
    // The author's "favourited" row loses this reader (and goes when nobody is left in it).
    const story = await storyAuthor(trx, storyId);
    if (story) await withdraw(ctx, trx, { to: story.uid, type: 'favorite', actorUid: viewer.uid, storyId });
  });
  return user.favorites;
}
