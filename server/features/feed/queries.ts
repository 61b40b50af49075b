import { AUTHOR_STATE } from '@common/moderation/moderation';
import { CompiledQuery, sql, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { noBlockBetween, notMutedBy } from '../../policy/relations';
import { readableBy, readableStories, withoutHiddenWarnings } from '../../policy/readable-stories';
import type { SignedInViewer } from '../../policy/viewer';
import { cursorField, encodeCursor } from '../../shared/cursor';
import { S_STORY_COLUMNS } from '../../db/story-columns';

type Db = Kysely<Database>;

/**
 * The feed's two query plans over the same rows (measured in bench/feed.ts):
 * - `join`: for each followed writer, their public stories from the per-author index
 *   (uid, publishedAt, id). Cost grows with how many stories the followed writers have, so
 *   it is quick for a few follows and slow for thousands.
 * - `scan`: walk every public story newest first on (publishedAt, id) and keep those whose
 *   writer the reader follows. Cost grows with how rare followed writers' stories are, so it
 *   is quick for thousands of follows and slow for a few.
 * Either way the page's keys come first, from the index alone (covering, on SQLite); only
 * the page's own rows are then read whole. The service picks a plan by the reader's
 * followingCount; a test checks that both give the same pages.
 */
export type FeedStrategy = 'join' | 'scan';

/** From this many follows up the scan is faster (bench/feed.ts: 1M stories, 50k writers, both databases). */
export const SCAN_FROM_FOLLOWS = 1000;

export function strategyFor(followingCount: number): FeedStrategy {
  return followingCount >= SCAN_FROM_FOLLOWS ? 'scan' : 'join';
}

/** The feed's order: (publishedAt, id), newest first. */
export const feedCursor = z.object({ k: z.literal('feed'), p: cursorField.time, i: cursorField.id });
export type FeedKey = z.infer<typeof feedCursor>;

export const cursorOfRow = (row: { publishedAt: string | null; id: string }) => encodeCursor({ k: 'feed', p: row.publishedAt ?? '', i: row.id });

/**
 * The keys (id, publishedAt) of the viewer's feed stories past `from` in the feed's order
 * (`older`) or against it, newest first, at most `limit`. Blocks and mutes are the readableBy
 * rules (policy/relations), applied to the followed writers in the join so each is checked once.
 */
function feedKeysQuery(db: Db, viewer: SignedInViewer, strategy: FeedStrategy, from: FeedKey | null, direction: 'older' | 'newer', limit: number) {
  const now = new Date().toISOString();
  let q = db.selectFrom('stories as s').select(['s.id', 's.publishedAt']).where('s.public', '=', sql.lit(1));
  if (strategy === 'join') {
    const followed = db
      .selectFrom('follows as f')
      .select('f.followeeUid')
      .where('f.followerUid', '=', viewer.uid)
      .where(noBlockBetween(viewer.uid, 'f.followeeUid'))
      .where(notMutedBy(viewer.uid, 'f.followeeUid', now));
    q = q.where('s.uid', 'in', followed);
  } else {
    q = q
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('follows as f').select('f.followerUid').where('f.followerUid', '=', viewer.uid).whereRef('f.followeeUid', '=', 's.uid')),
      )
      .where(noBlockBetween(viewer.uid, 's.uid'))
      .where(notMutedBy(viewer.uid, 's.uid', now));
  }
  // An unrevealed contest entry is on no list but its author's (readableBy): counted here, it
  // would tell the writer's followers (the new-stories count) that they had just entered.
  q = q.where('s.contestId', 'is', null);
  // The reader's hidden content warnings (their own stories are never in their feed).
  const warned = withoutHiddenWarnings(viewer, 's.uid', 's.contentWarnings');
  if (warned) q = q.where(warned);
  if (from) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('s.publishedAt', 's.id'), direction === 'older' ? '<' : '>', tuple(from.p, from.i)));
  return q.orderBy('s.publishedAt', 'desc').orderBy('s.id', 'desc').limit(limit);
}

/** The partial index (migration 0008) each plan walks. */
const PLAN_INDEX: Record<FeedStrategy, string> = { join: 'stories_author_published', scan: 'stories_published' };
const STORIES_FROM = 'from "stories" as "s"';

/**
 * The keys query, compiled for the dialect. Without statistics (the app never runs ANALYZE)
 * SQLite prefers the (uid, public, seq) index for the join and (public, madePublicAt) for the
 * scan, and then sorts every candidate row: 50 ms to 2 s on 1M stories instead of 1–3 ms
 * (bench/feed.ts). So on SQLite the plan's own index is named with INDEXED BY, which Kysely
 * cannot write; PostgreSQL's planner finds it from its statistics.
 */
export function compileFeedKeys(db: Db, dialect: Dialect, viewer: SignedInViewer, strategy: FeedStrategy, from: FeedKey | null, direction: 'older' | 'newer', limit: number) {
  const compiled = feedKeysQuery(db, viewer, strategy, from, direction, limit).compile();
  if (dialect !== 'sqlite') return compiled;
  if (!compiled.sql.includes(STORIES_FROM)) throw new Error('feed keys query: unexpected FROM clause');
  return CompiledQuery.raw(compiled.sql.replace(STORIES_FROM, `${STORIES_FROM} indexed by "${PLAN_INDEX[strategy]}"`), [...compiled.parameters]);
}

export interface FeedKeyRow {
  id: string;
  publishedAt: string | null;
}

export async function feedKeys(db: Db, dialect: Dialect, viewer: SignedInViewer, strategy: FeedStrategy, from: FeedKey | null, direction: 'older' | 'newer', limit: number) {
  const { rows } = await db.executeQuery<FeedKeyRow>(compileFeedKeys(db, dialect, viewer, strategy, from, direction, limit));
  return rows;
}

/**
 * The whole rows of the page's stories, by id. Public and without a block or mute between the
 * viewer and the writer, as readableBy({ publicOnly, excludeMuted }) says (the same helpers),
 * checked again here in case one changed since the keys were read. Written out rather than
 * through readableBy because there `public = ?` is an indexable term, and SQLite without
 * statistics then walks a (public, …) index over every public story instead of looking up
 * twenty ids (250 ms against 1 ms, bench/feed.ts); `+public` keeps the term off the indexes.
 */
function rowsByIds(db: Db, viewer: SignedInViewer, ids: string[]) {
  return db
    .selectFrom('stories as s')
    .select(S_STORY_COLUMNS)
    .where('s.id', 'in', ids)
    .where(sql<SqlBool>`+${sql.ref('s.public')} = 1`)
    .where('s.authorState', '<', AUTHOR_STATE.hidden)
    // An anonymous contest entry is on no list but its author's (readableBy).
    .where('s.contestId', 'is', null)
    .where(noBlockBetween(viewer.uid, 's.uid'))
    .where(notMutedBy(viewer.uid, 's.uid', new Date().toISOString()))
    .orderBy('s.publishedAt', 'desc')
    .orderBy('s.id', 'desc');
}

/** One page, newest first, strictly older than `before`: the page's keys from the index, then their rows. */
export async function feedPageRows(db: Db, dialect: Dialect, viewer: SignedInViewer, strategy: FeedStrategy, before: FeedKey | null, limit: number) {
  const keys = await feedKeys(db, dialect, viewer, strategy, before, 'older', limit + 1);
  const page = keys.slice(0, limit);
  const rows = page.length === 0 ? [] : await rowsByIds(db, viewer, page.map((k) => k.id)).execute();
  const last = page.at(-1);
  return { rows, nextCursor: keys.length > limit && last ? cursorOfRow(last) : null };
}

/**
 * One followed tag's keys past `from`: its storyTags rows walked on (tagId, publishedAt, storyId)
 * newest first (migration 0025), each story checked as the community checks it, until `limit`
 * pass. These are not the followed writers' stories, so the community's rules hold whole
 * (readableBy as community reads it: limited writers only for their followers, mutes, blocks,
 * hidden warnings); the reader's own stories are left out, as they are from the rest of the feed.
 */
function oneTagKeys(db: Db, viewer: SignedInViewer, tagId: string, from: FeedKey | null, direction: 'older' | 'newer', limit: number) {
  let q = db
    .selectFrom('storyTags as st')
    .innerJoin('stories as s', 's.id', 'st.storyId')
    .select(['st.storyId as id', 'st.publishedAt'])
    .where('st.tagId', '=', tagId)
    .where('st.publishedAt', 'is not', null)
    .where(readableBy(viewer, { publicOnly: true, excludeMuted: true, excludeLimited: true, excludeHiddenWarnings: true }))
    .where('s.uid', '!=', viewer.uid);
  if (from) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('st.publishedAt', 'st.storyId'), direction === 'older' ? '<' : '>', tuple(from.p, from.i)));
  return q.orderBy('st.publishedAt', 'desc').orderBy('st.storyId', 'desc').limit(limit);
}

/**
 * The keys of stories carrying a tag the viewer follows (docs/decisions/0044-tags.md), newest
 * first: each tag's own walk (oneTagKeys), all in one statement. A story on two followed tags
 * comes twice, and mergeKeys keeps it once; each walk stopping at `limit` loses nothing, since
 * every story above one of the first `limit` of the merged list is above it in its own tag too.
 */
export function tagFeedKeysQuery(db: Db, viewer: SignedInViewer, tagIds: readonly string[], from: FeedKey | null, direction: 'older' | 'newer', limit: number) {
  const walks = tagIds.map((tagId, i) => db.selectFrom(oneTagKeys(db, viewer, tagId, from, direction, limit).as(`t${i}`)).selectAll());
  return walks.slice(1).reduce((all, walk) => all.unionAll(walk), walks[0]!);
}

export async function tagFeedKeys(db: Db, viewer: SignedInViewer, from: FeedKey | null, direction: 'older' | 'newer', limit: number): Promise<FeedKeyRow[]> {
  const followed = await db.selectFrom('tagFollows').select('tagId').where('uid', '=', viewer.uid).orderBy('tagId').execute();
  if (followed.length === 0) return [];
  return tagFeedKeysQuery(db, viewer, followed.map((row) => row.tagId), from, direction, limit).execute();
}

/** Newest first by (publishedAt, id), each story once: the writers' keys and the tags' keys as one list. */
export function mergeKeys(...lists: FeedKeyRow[][]): FeedKeyRow[] {
  const byId = new Map<string, FeedKeyRow>();
  for (const list of lists) for (const key of list) byId.set(key.id, key);
  const order = (k: FeedKeyRow) => `${k.publishedAt ?? ''}\u0000${k.id}`;
  return [...byId.values()].sort((a, b) => (order(a) < order(b) ? 1 : order(a) > order(b) ? -1 : 0));
}

/** For each of these stories, the first (by key) followed tag it carries: the feed's "because you follow #tag". */
export async function followedTagOf(db: Db, viewer: SignedInViewer, storyIds: string[]): Promise<Map<string, { key: string; name: string }>> {
  if (storyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('storyTags as st')
    .innerJoin('tagFollows as tf', 'tf.tagId', 'st.tagId')
    .innerJoin('tags as t', 't.id', 'st.tagId')
    .select(['st.storyId', 't.key', 't.name'])
    .where('tf.uid', '=', viewer.uid)
    .where('st.storyId', 'in', storyIds)
    .orderBy('t.key', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.storyId, { key: row.key, name: row.name }]));
}

/** The rows of these keys (the page), in the feed's order. */
export async function rowsOfKeys(db: Db, viewer: SignedInViewer, keys: FeedKeyRow[]) {
  return keys.length === 0 ? [] : rowsByIds(db, viewer, keys.map((k) => k.id)).execute();
}

/** For the benchmark's query plans. */
export const compileRowsByIds = (db: Db, viewer: SignedInViewer, ids: string[]) => rowsByIds(db, viewer, ids).compile();

/** Whether the story is a contest entry (its contestId). */
export function contestOfStory(db: Db, storyId: string) {
  return db.selectFrom('stories').select('contestId').where('id', '=', storyId).executeTakeFirst();
}

/** The author's followers, but those who mute them at `now`. */
export function followersNotMuting(db: Db, authorUid: string, now: string) {
  return db
    .selectFrom('follows as f')
    .select('f.followerUid')
    .where('f.followeeUid', '=', authorUid)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mutes as mu')
            .select('mu.muterUid')
            .whereRef('mu.muterUid', '=', 'f.followerUid')
            .where('mu.mutedUid', '=', authorUid)
            .where((eb) => eb.or([eb('mu.until', 'is', null), eb('mu.until', '>', now)])),
        ),
      ),
    )
    .execute();
}

/** How many writers the reader follows, and whether they follow any tag (1/0 or a boolean, by database). */
export function followingCounts(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select('followingCount')
    .select((eb) => eb.exists(eb.selectFrom('tagFollows').select('uid').where('uid', '=', uid)).as('followsTags'))
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/** The reader's feed marker, as stored. */
export function feedMarkerOf(db: Db, uid: string) {
  return db.selectFrom('feedMarkers').select(['storyId', 'publishedAt']).where('uid', '=', uid).executeTakeFirst();
}

/** The story, when it is public and the reader may read it. */
export function readablePublicStory(db: Db, viewer: SignedInViewer, storyId: string) {
  return readableStories(db, viewer, { publicOnly: true })
    .select(['s.id', 's.publishedAt'])
    .where('s.id', '=', storyId)
    .executeTakeFirst();
}

/**
 * The reader's marker becomes `to` only when that is later in the feed's order than where it
 * is (one atomic upsert: two tabs racing leave the newer of the two).
 */
export async function moveMarkerForward(db: Db, uid: string, to: { storyId: string; publishedAt: string }, now: string): Promise<void> {
  const { storyId, publishedAt } = to;
  await db
    .insertInto('feedMarkers')
    .values({ uid, storyId, publishedAt, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ storyId, publishedAt, updated_at: now })
        .where(sql<boolean>`(${publishedAt}, ${storyId}) > ("feedMarkers"."publishedAt", "feedMarkers"."storyId")`),
    )
    .execute();
}
