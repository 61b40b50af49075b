import { FEED_NEW_COUNT_CAP, type FeedMarker, type FeedPage } from '@common/follows/follows';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { STORY_NOT_FOUND } from '../../policy/stories';
import type { SignedInViewer } from '../../policy/viewer';
import { decodeCursor } from '../../shared/cursor';
import { toSummary } from '../stories';
import {
  cursorOfRow,
  feedCursor,
  feedKeys,
  feedMarkerOf,
  followedTagOf,
  followingCounts,
  mergeKeys,
  moveMarkerForward,
  readablePublicStory,
  rowsOfKeys,
  strategyFor,
  tagFeedKeys,
  type FeedKey,
  type FeedKeyRow,
  type FeedStrategy,
} from './queries';

/**
 * How many writers the viewer follows, which picks the query plan (0: none of their stories),
 * and whether they follow any tag (then tagged stories join the feed).
 */
async function followingOf(ctx: ServerContext, viewer: SignedInViewer): Promise<{ writers: number; tags: boolean }> {
  const row = await followingCounts(ctx.db, viewer.uid);
  return { writers: Number(row?.followingCount ?? 0), tags: Boolean(Number(row?.followsTags ?? 0)) };
}

/**
 * The feed's keys past `from`: the followed writers' stories and the followed tags' stories,
 * each read on its own plan, merged in the feed's order. `strategy` forces the writers' plan
 * (the test that checks both plans agree) even for someone who follows no writer.
 */
async function keysOf(ctx: ServerContext, viewer: SignedInViewer, from: FeedKey | null, direction: 'older' | 'newer', limit: number, strategy?: FeedStrategy) {
  const following = await followingOf(ctx, viewer);
  const none: FeedKeyRow[] = [];
  const [writers, tags] = await Promise.all([
    following.writers > 0 || strategy !== undefined ? feedKeys(ctx.db, ctx.dialect, viewer, strategy ?? strategyFor(following.writers), from, direction, limit) : none,
    following.tags ? tagFeedKeys(ctx.db, viewer, from, direction, limit) : none,
  ]);
  const merged = mergeKeys(writers, tags);
  return { keys: merged.slice(0, limit), fromWriters: new Set(writers.map((k) => k.id)) };
}

async function markerOf(ctx: ServerContext, viewer: SignedInViewer): Promise<FeedMarker | null> {
  return (await feedMarkerOf(ctx.db, viewer.uid)) ?? null;
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
  const [{ keys, fromWriters }, marker] = await Promise.all([keysOf(ctx, viewer, before, 'older', query.limit + 1, strategy), markerOf(ctx, viewer)]);
  const page = keys.slice(0, query.limit);
  const rows = await rowsOfKeys(ctx.db, viewer, page);
  // A story here only through a followed tag says which ("because you follow #tag").
  const because = await followedTagOf(ctx.db, viewer, rows.filter((row) => !fromWriters.has(row.id)).map((row) => row.id));
  const last = page.at(-1);
  const first = rows[0];
  return {
    stories: rows.map((row) => ({ ...toSummary(row, viewer), becauseTag: because.get(row.id) ?? null })),
    nextCursor: keys.length > query.limit && last ? cursorOfRow(last) : null,
    marker,
    newestCursor: first ? cursorOfRow(first) : null,
  };
}

/** GET /api/feed/new-count: stories newer than `after` (the newest one shown), up to the pill's cap. */
export async function countNewer(ctx: ServerContext, viewer: SignedInViewer, after: string | undefined, strategy?: FeedStrategy): Promise<number> {
  const key = decodeCursor(feedCursor, after);
  const { keys } = await keysOf(ctx, viewer, key, 'newer', FEED_NEW_COUNT_CAP, strategy);
  return keys.length;
}

/**
 * PUT /api/feed/marker: the reader has seen `storyId`. The marker only moves forward (to a
 * story later in the feed's order), so an older tab reporting late cannot pull it back; one
 * atomic upsert decides, so two tabs racing leave the newer of the two.
 */
export async function moveMarker(ctx: ServerContext, viewer: SignedInViewer, storyId: string, now = new Date()): Promise<FeedMarker | null> {
  const story = await readablePublicStory(ctx.db, viewer, storyId);
  const publishedAt = story?.publishedAt;
  if (!story || !publishedAt) throw notFound(STORY_NOT_FOUND);
  await moveMarkerForward(ctx.db, viewer.uid, { storyId: story.id, publishedAt }, now.toISOString());
  return markerOf(ctx, viewer);
}
