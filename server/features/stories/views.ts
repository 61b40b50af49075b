import { utcDayKey } from '@common/prompts/prompts';
import type { ServerContext } from '../../context';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { findStoryRowFor, lockStory } from './queries';

export interface ViewResult {
  viewsCount: number;
  counted: boolean;
}

/**
 * Counts a signed-in reader's view: at most one per reader per story per UTC day, none by
 * the author. The common case (already counted today) is a read-only lookup; the first view
 * of the day inserts its row and bumps the counter in one transaction, and the row's
 * primary key makes a racing duplicate a no-op, so viewsCount always equals the rows.
 */
export async function recordView(ctx: ServerContext, viewer: SignedInViewer, storyId: string, now = new Date()): Promise<ViewResult> {
  const row = await findStoryRowFor(ctx.db, viewer, storyId);
  authorizeStory(viewer, 'read', row);
  if (row.uid === viewer.uid) return { viewsCount: Number(row.viewsCount), counted: false };
  const day = utcDayKey(now);
  const seen = await ctx.db
    .selectFrom('storyViews')
    .select('day')
    .where('storyId', '=', storyId)
    .where('viewerUid', '=', viewer.uid)
    .where('day', '=', day)
    .executeTakeFirst();
  if (seen) return { viewsCount: Number(row.viewsCount), counted: false };

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'read', locked);
    const inserted = await trx
      .insertInto('storyViews')
      .values({ storyId, viewerUid: viewer.uid, day })
      .onConflict((oc) => oc.columns(['storyId', 'viewerUid', 'day']).doNothing())
      .returning('day')
      .execute();
    if (inserted.length === 0) return { viewsCount: Number(locked.viewsCount), counted: false };
    const updated = await trx
      .updateTable('stories')
      .set((eb) => ({ viewsCount: eb('viewsCount', '+', 1) }))
      .where('id', '=', storyId)
      .returning('viewsCount')
      .executeTakeFirstOrThrow();
    return { viewsCount: Number(updated.viewsCount), counted: true };
  });
}
