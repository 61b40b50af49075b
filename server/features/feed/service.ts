import { sql } from 'kysely';
import { FEED_NEW_COUNT_CAP, type FeedMarker, type FeedPage } from '@common/social';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { readableStories } from '../../policy/readable-stories';
import { STORY_NOT_FOUND } from '../../policy/stories';
import type { SignedInViewer } from '../../policy/viewer';
import { decodeCursor } from '../../shared/cursor';
import { toSummary } from '../stories';
import { cursorOfRow, feedCursor, feedKeys, feedPageRows, strategyFor, type FeedStrategy } from './queries';

/** How many writers the viewer follows, which picks the query plan; 0 means an empty feed. */
async function followingCountOf(ctx: ServerContext, viewer: SignedInViewer): Promise<number> {
  const row = await ctx.db.selectFrom('users').select('followingCount').where('uid', '=', viewer.uid).executeTakeFirst();
  return Number(row?.followingCount ?? 0);
}

async function markerOf(ctx: ServerContext, viewer: SignedInViewer): Promise<FeedMarker | null> {
  const row = await ctx.db.selectFrom('feedMarkers').select(['storyId', 'publishedAt']).where('uid', '=', viewer.uid).executeTakeFirst();
  return row ?? null;
}

/** GET /api/feed. `strategy` is for the test that checks both plans agree; callers let the count choose. */
export async function readFeed(
  ctx: ServerContext,
  viewer: SignedInViewer,
  query: { cursor?: string; limit: number },
  strategy?: FeedStrategy,
): Promise<FeedPage> {
  // Decoded first: a malformed cursor is a 400 even for someone who follows nobody.
  const before = decodeCursor(feedCursor, query.cursor);
  const [following, marker] = await Promise.all([followingCountOf(ctx, viewer), markerOf(ctx, viewer)]);
  if (following === 0 && strategy === undefined) return { stories: [], nextCursor: null, marker, newestCursor: null };
  const { rows, nextCursor } = await feedPageRows(ctx.db, ctx.dialect, viewer, strategy ?? strategyFor(following), before, query.limit);
  const first = rows[0];
  return { stories: rows.map((row) => toSummary(row, viewer)), nextCursor, marker, newestCursor: first ? cursorOfRow(first) : null };
}

/** GET /api/feed/new-count: stories newer than `after` (the newest one shown), up to the pill's cap. */
export async function countNewer(ctx: ServerContext, viewer: SignedInViewer, after: string | undefined, strategy?: FeedStrategy): Promise<number> {
  const key = decodeCursor(feedCursor, after);
  const following = await followingCountOf(ctx, viewer);
  if (following === 0 && strategy === undefined) return 0;
  const keys = await feedKeys(ctx.db, ctx.dialect, viewer, strategy ?? strategyFor(following), key, 'newer', FEED_NEW_COUNT_CAP);
  return keys.length;
}

/**
 * PUT /api/feed/marker: the reader has seen `storyId`. The marker only moves forward (to a
 * story later in the feed's order), so an older tab reporting late cannot pull it back; one
 * atomic upsert decides, so two tabs racing leave the newer of the two.
 */
export async function moveMarker(ctx: ServerContext, viewer: SignedInViewer, storyId: string, now = new Date()): Promise<FeedMarker | null> {
  const story = await readableStories(ctx.db, viewer, { publicOnly: true })
    .select(['s.id', 's.publishedAt'])
    .where('s.id', '=', storyId)
    .executeTakeFirst();
  const publishedAt = story?.publishedAt;
  if (!story || !publishedAt) throw notFound(STORY_NOT_FOUND);
  await ctx.db
    .insertInto('feedMarkers')
    .values({ uid: viewer.uid, storyId: story.id, publishedAt, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ storyId: story.id, publishedAt, updated_at: now.toISOString() })
        .where(sql<boolean>`(${publishedAt}, ${story.id}) > ("feedMarkers"."publishedAt", "feedMarkers"."storyId")`),
    )
    .execute();
  return markerOf(ctx, viewer);
}
