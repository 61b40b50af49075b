import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { readableStories, type StoryScope } from '../../policy/readable-stories';
import type { SignedInViewer } from '../../policy/viewer';

type Db = Kysely<Database> | Transaction<Database>;

/** The reader's digest row with their zone (null: never chose, or no such reader). */
export function digestRowOf(db: Db, uid: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('weeklyDigests as d', 'd.uid', 'u.uid')
    .select(['u.timezone', 'd.on', 'd.weekday', 'd.hour', 'd.nextDueAt'])
    .where('u.uid', '=', uid)
    .executeTakeFirst();
}

/** Writes the reader's choice (one upsert: two saves at once leave one of them whole). */
export async function saveDigestRow(db: Db, row: { uid: string; on: boolean; weekday: number; hour: number; nextDueAt: string | null; now: string }): Promise<void> {
  const values = { on: toDbBool(row.on), weekday: row.weekday, hour: row.hour, nextDueAt: row.nextDueAt, updatedAt: row.now };
  await db
    .insertInto('weeklyDigests')
    .values({ uid: row.uid, ...values })
    .onConflict((oc) => oc.column('uid').doUpdateSet(values))
    .execute();
}

/** Switches the digest off (the one-click unsubscribe); true when the reader had a row. */
export async function switchDigestOff(db: Db, uid: string, now: string): Promise<void> {
  await db.updateTable('weeklyDigests').set({ on: toDbBool(false), nextDueAt: null, updatedAt: now }).where('uid', '=', uid).execute();
}

/** The digests due at `nowIso`, oldest first, at most `limit` (through the weeklyDigests_nextDueAt index). */
export function dueDigests(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom('weeklyDigests as d')
    .innerJoin('users as u', 'u.uid', 'd.uid')
    .select(['d.uid', 'd.weekday', 'd.hour', 'd.nextDueAt', 'd.lastSentAt', 'u.timezone'])
    .where('d.nextDueAt', 'is not', null)
    .where('d.nextDueAt', '<=', nowIso)
    .orderBy('d.nextDueAt')
    .orderBy('d.uid')
    .limit(limit)
    .execute();
}

/**
 * The first claim: moves nextDueAt on to `next` only if it still holds `seen`, what the pass
 * read, and the digest is still on (numUpdatedRows says whether this pass took it).
 */
export function moveDueIfStill(db: Db, uid: string, seen: string, next: string) {
  return db.updateTable('weeklyDigests').set({ nextDueAt: next }).where('uid', '=', uid).where('nextDueAt', '=', seen).where('on', '=', toDbBool(true)).executeTakeFirst();
}

/** The second claim: the reader's week, inserted once; false when another pass (or an earlier day this week) has it. */
export async function claimWeek(db: Db, uid: string, week: string, nowIso: string): Promise<boolean> {
  const taken = await db
    .insertInto('weeklyDigestSends')
    .values({ uid, week, claimedAt: nowIso, outcome: 'claimed' })
    .onConflict((oc) => oc.columns(['uid', 'week']).doNothing())
    .returning('uid')
    .execute();
  return taken.length > 0;
}

export async function recordOutcome(db: Db, uid: string, week: string, outcome: 'sent' | 'nothing_new' | 'no_address'): Promise<void> {
  await db.updateTable('weeklyDigestSends').set({ outcome }).where('uid', '=', uid).where('week', '=', week).execute();
}

export async function markSent(db: Db, uid: string, at: string): Promise<void> {
  await db.updateTable('weeklyDigests').set({ lastSentAt: at }).where('uid', '=', uid).execute();
}

/** Where the digest goes, and whether the reader can be written to: a proved address, an account in use. */
export function recipientOf(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select(['email', 'name', 'displayName', 'emailVerified', 'deletedAt', 'deactivatedAt', 'suspendedAt'])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

const STORY_FIELDS = ['s.id', 's.title', 's.uid', 's.authorDisplayName', 's.publishedAt'] as const;

type ReadableQuery = ReturnType<typeof readableStories>;

/** The readable stories `among` picks, published in (since, until], never the reader's own, newest first. */
function newReadable(db: Kysely<Database>, viewer: SignedInViewer, scope: StoryScope, among: (q: ReadableQuery) => ReadableQuery, window: { since: string; until: string; limit: number }) {
  return among(readableStories(db, viewer, { publicOnly: true, excludeMuted: true, excludeHiddenWarnings: true, ...scope }))
    .select(STORY_FIELDS)
    .where('s.uid', '!=', viewer.uid)
    .where('s.publishedAt', '>', window.since)
    .where('s.publishedAt', '<=', window.until)
    .orderBy('s.publishedAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(window.limit)
    .execute();
}

/**
 * Public stories new in the window by writers the reader follows: the readable-stories policy as
 * the feed reads it (blocks either way, mutes, hidden writers, content warnings the reader hides,
 * unrevealed contest entries left out).
 */
export function followedWritersStories(db: Kysely<Database>, viewer: SignedInViewer, window: { since: string; until: string; limit: number }) {
  return newReadable(db, viewer, {}, (q) => q.where('s.uid', 'in', db.selectFrom('follows as f').select('f.followeeUid').where('f.followerUid', '=', viewer.uid)), window);
}

/** Public stories new in the window carrying a tag the reader follows: the policy as the community reads it (limited writers only for their followers too). */
export function followedTagsStories(db: Kysely<Database>, viewer: SignedInViewer, window: { since: string; until: string; limit: number }) {
  const tagged = (q: ReadableQuery) =>
    q.where(({ exists, selectFrom }) =>
      exists(selectFrom('storyTags as st').innerJoin('tagFollows as tf', 'tf.tagId', 'st.tagId').select('st.storyId').whereRef('st.storyId', '=', 's.id').where('tf.uid', '=', viewer.uid)),
    );
  return newReadable(db, viewer, { excludeLimited: true }, tagged, window);
}
