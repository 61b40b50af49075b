import { utcDayKey } from '@common/prompts/prompts';
import type { ServerContext } from '../../context';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { findStoryRowFor, incrementViews, insertView, lockStory, viewCounted } from './queries';

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
  if (await viewCounted(ctx.db, storyId, viewer.uid, day)) return { viewsCount: Number(row.viewsCount), counted: false };

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'read', locked);
    if (!(await insertView(trx, storyId, viewer.uid, day))) return { viewsCount: Number(locked.viewsCount), counted: false };
    return { viewsCount: await incrementViews(trx, storyId), counted: true };
  });
}
