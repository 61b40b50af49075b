import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { AnthologiesTable, Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';
import { readableBy } from '../../policy/readable-stories';
import { noBlockBetween } from '../../policy/relations';
import type { Viewer } from '../../policy/viewer';
import { likeLiteral } from '../../shared/like';
import { S_STORY_COLUMNS } from '../stories';

type Db = Kysely<Database>;

const ANTHOLOGY_COLUMNS = [
  'a.id',
  'a.uid',
  'a.title',
  'a.description',
  'a.rules',
  'a.cover',
  'a.submissions',
  'a.storyOrder',
  'a.lastAddedAt',
  'a.created_at',
  'a.updated_at',
  'u.displayName',
  'u.name',
  'u.timezone',
  'u.suspendedAt',
  'u.deactivatedAt',
  'u.deletedAt',
] as const;

/** Anthology rows with their opener's names and standing. */
function anthologiesWithOwner(db: Db) {
  return db.selectFrom('anthologies as a').innerJoin('users as u', 'u.uid', 'a.uid').select(ANTHOLOGY_COLUMNS);
}
export type AnthologyRow = NonNullable<Awaited<ReturnType<typeof findAnthology>>>;

/** An opener in good standing: what hides an anthology from everyone but admins when it is not so. */
const ownerShown = sql<SqlBool>`(${sql.ref('u.suspendedAt')} is null and ${sql.ref('u.deactivatedAt')} is null and ${sql.ref('u.deletedAt')} is null)`;

export function findAnthology(db: Db, id: string) {
  return anthologiesWithOwner(db).where('a.id', '=', id).executeTakeFirst();
}

/** The directory's order: most recently added to first. */
export interface DirectoryKey {
  at: string;
  id: string;
}

/**
 * Anthologies a viewer may see, most recently added to first, after `after`; `q` matches the
 * title or the description, any case (SQLite folds ASCII only). One more than `limit`.
 */
export function directoryRows(db: Db, viewer: Viewer, q: string | undefined, after: DirectoryKey | null, limit: number) {
  let query = anthologiesWithOwner(db).where(ownerShown);
  if (viewer !== null) query = query.where(noBlockBetween(viewer.uid, 'a.uid'));
  if (q) {
    const pattern = `%${likeLiteral(q.toLowerCase())}%`;
    query = query.where(sql<SqlBool>`(lower(${sql.ref('a.title')}) like ${pattern} escape '\\' or lower(${sql.ref('a.description')}) like ${pattern} escape '\\')`);
  }
  if (after) query = query.where(({ eb, refTuple, tuple }) => eb(refTuple('a.lastAddedAt', 'a.id'), '<', tuple(after.at, after.id)));
  return query.orderBy('a.lastAddedAt', 'desc').orderBy('a.id', 'desc').limit(limit + 1).execute();
}

/** The anthologies a member opened or co-edits, newest first. */
export function editedBy(db: Db, uid: string) {
  return anthologiesWithOwner(db)
    .where((eb) => eb.or([eb('a.uid', '=', uid), eb('a.id', 'in', eb.selectFrom('anthologyEditors').select('anthologyId').where('uid', '=', uid))]))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** The anthologies a member follows that they may see (as the directory shows them), most recently added to first. */
export function followedBy(db: Db, uid: string) {
  return anthologiesWithOwner(db)
    .innerJoin('anthologyFollows as f', 'f.anthologyId', 'a.id')
    .where('f.uid', '=', uid)
    .where(ownerShown)
    .where(noBlockBetween(uid, 'a.uid'))
    .orderBy('a.lastAddedAt', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** Co-editors of each anthology, in the order they were named, with their names. */
export function coEditorsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('anthologyEditors as e')
    .innerJoin('users as u', 'u.uid', 'e.uid')
    .select(['e.anthologyId', 'e.uid', 'e.created_at', 'u.displayName', 'u.name', 'u.deletedAt'])
    .where('e.anthologyId', 'in', ids)
    .orderBy('e.created_at')
    .orderBy('e.uid')
    .execute();
}

/** Per anthology: accepted stories the viewer may read, followers, and whether the viewer follows it. */
export async function anthologyCounts(db: Db, viewer: Viewer, ids: readonly string[]) {
  const counts = new Map<string, { storyCount: number; followers: number; following: boolean }>();
  if (ids.length === 0) return counts;
  for (const id of ids) counts.set(id, { storyCount: 0, followers: 0, following: false });
  const [stories, followers, mine] = await Promise.all([
    db
      .selectFrom('anthologyStories as x')
      .innerJoin('stories as s', 's.id', 'x.storyId')
      .select(['x.anthologyId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('x.anthologyId', 'in', ids)
      .where('x.status', '=', 'accepted')
      .where(readableBy(viewer))
      .groupBy('x.anthologyId')
      .execute(),
    db
      .selectFrom('anthologyFollows')
      .select(['anthologyId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('anthologyId', 'in', ids)
      .groupBy('anthologyId')
      .execute(),
    viewer === null
      ? Promise.resolve([])
      : db.selectFrom('anthologyFollows').select('anthologyId').where('anthologyId', 'in', ids).where('uid', '=', viewer.uid).execute(),
  ]);
  for (const row of stories) counts.get(row.anthologyId)!.storyCount = Number(row.n);
  for (const row of followers) counts.get(row.anthologyId)!.followers = Number(row.n);
  for (const row of mine) counts.get(row.anthologyId)!.following = true;
  return counts;
}

/** Stories in the anthology with this status that the viewer may read, as list rows, in the anthology's order. */
export function storiesIn(db: Db, viewer: Viewer, id: string, status: 'accepted' | 'pending', order: 'newest' | 'editors') {
  const q = db
    .selectFrom('anthologyStories as x')
    .innerJoin('stories as s', 's.id', 'x.storyId')
    .select(S_STORY_COLUMNS)
    .select(['x.addedAt', 'x.position'])
    .where('x.anthologyId', '=', id)
    .where('x.status', '=', status)
    .where(readableBy(viewer));
  return (order === 'editors' ? q.orderBy('x.position').orderBy('x.addedAt', 'desc') : q.orderBy('x.addedAt', 'desc')).orderBy('s.id', 'desc').execute();
}

/** Stories read per query while the anthology's book is written. */
export const BOOK_STORIES_PAGE = 200;

/**
 * The accepted stories the viewer may read, with what a chapter needs, one page after `after`, in
 * the anthology's order: the editors' (by place) or newest first (by when each was added).
 */
export function storiesForBook(db: Db, viewer: Viewer, id: string, order: 'newest' | 'editors', after: { position: number; addedAt: string; storyId: string } | null) {
  let q = db
    .selectFrom('anthologyStories as x')
    .innerJoin('stories as s', 's.id', 'x.storyId')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .select(['x.position', 'x.addedAt', 'x.storyId', 's.title', 's.content', 's.contentWarnings', 's.contentWarningNote', 's.created_at', 'u.displayName', 'u.name'])
    .where('x.anthologyId', '=', id)
    .where('x.status', '=', 'accepted')
    .where(readableBy(viewer));
  if (order === 'editors') {
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('x.position', 'x.storyId'), '>', tuple(after.position, after.storyId)));
    q = q.orderBy('x.position').orderBy('x.storyId');
  } else {
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('x.addedAt', 'x.storyId'), '<', tuple(after.addedAt, after.storyId)));
    q = q.orderBy('x.addedAt', 'desc').orderBy('x.storyId', 'desc');
  }
  return q.limit(BOOK_STORIES_PAGE).execute();
}

/** The anthology row under a lock (PostgreSQL; SQLite's writers run one at a time): every change to it or its stories and editors takes it first. */
export function lockAnthology(trx: Db, dialect: Dialect, id: string) {
  return trx.selectFrom('anthologies').select(['id', 'uid', 'title', 'submissions', 'storyOrder']).where('id', '=', id).$call(forUpdate(dialect)).executeTakeFirst();
}

/** The member's users row under a lock, with their standing: of two parallel opens the second counts the first. */
export function lockMember(trx: Db, dialect: Dialect, uid: string) {
  return trx.selectFrom('users').select(['uid', 'limitedAt']).where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}

/** The opener's standing, for the policy: hidden when suspended, deactivated or deleted. */
export function ownerStanding(db: Db, uid: string) {
  return db.selectFrom('users').select(['suspendedAt', 'deactivatedAt', 'deletedAt']).where('uid', '=', uid).executeTakeFirst();
}

export async function countOpenedBy(db: Db, uid: string): Promise<number> {
  const row = await db.selectFrom('anthologies').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertAnthology(trx: Db, row: Insertable<AnthologiesTable>): Promise<void> {
  await trx.insertInto('anthologies').values(row).execute();
}

export async function updateAnthologyRow(trx: Db, id: string, changes: Updateable<AnthologiesTable>): Promise<void> {
  await trx.updateTable('anthologies').set(changes).where('id', '=', id).execute();
}

/** The anthology and everything hanging off it; the stories stay with their writers. */
export async function deleteAnthologyRows(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('anthologyStories').where('anthologyId', '=', id).execute();
  await trx.deleteFrom('anthologyEditors').where('anthologyId', '=', id).execute();
  await trx.deleteFrom('anthologyFollows').where('anthologyId', '=', id).execute();
  await trx.deleteFrom('anthologies').where('id', '=', id).execute();
}

export async function coEditorIds(db: Db, id: string): Promise<string[]> {
  const rows = await db.selectFrom('anthologyEditors').select('uid').where('anthologyId', '=', id).orderBy('created_at').orderBy('uid').execute();
  return rows.map((r) => r.uid);
}

/** A member by handle (without its @) or uid, if their account is in use. */
export function memberByHandleOrUid(db: Db, handleOrUid: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'suspendedAt', 'deactivatedAt', 'deletedAt'])
    .where((eb) => eb.or([eb('handle', '=', handleOrUid.toLowerCase()), eb('uid', '=', handleOrUid)]))
    .executeTakeFirst();
}

export async function insertCoEditor(trx: Db, id: string, uid: string, now: string): Promise<void> {
  await trx.insertInto('anthologyEditors').values({ anthologyId: id, uid, created_at: now }).onConflict((oc) => oc.columns(['anthologyId', 'uid']).doNothing()).execute();
}

export async function deleteCoEditor(trx: Db, id: string, uid: string) {
  return trx.deleteFrom('anthologyEditors').where('anthologyId', '=', id).where('uid', '=', uid).returning('uid').execute();
}

/** The story's entry in the anthology, if any. */
export function entryOf(db: Db, id: string, storyId: string) {
  return db.selectFrom('anthologyStories').select(['status', 'position']).where('anthologyId', '=', id).where('storyId', '=', storyId).executeTakeFirst();
}

export async function countEntries(db: Db, id: string): Promise<number> {
  const row = await db.selectFrom('anthologyStories').select((eb) => eb.fn.countAll<number>().as('n')).where('anthologyId', '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** After the last accepted story's place in the editors' order. */
export async function nextPosition(trx: Db, id: string): Promise<number> {
  const last = await trx
    .selectFrom('anthologyStories')
    .select('position')
    .where('anthologyId', '=', id)
    .where('status', '=', 'accepted')
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? Number(last.position) + 1 : 0;
}

export async function insertEntry(trx: Db, row: { anthologyId: string; storyId: string; status: 'accepted' | 'pending'; position: number; addedAt: string }): Promise<void> {
  await trx.insertInto('anthologyStories').values(row).execute();
}

export async function acceptEntry(trx: Db, id: string, storyId: string, position: number, addedAt: string): Promise<void> {
  await trx.updateTable('anthologyStories').set({ status: 'accepted', position, addedAt }).where('anthologyId', '=', id).where('storyId', '=', storyId).execute();
}

export async function deleteEntry(trx: Db, id: string, storyId: string): Promise<void> {
  await trx.deleteFrom('anthologyStories').where('anthologyId', '=', id).where('storyId', '=', storyId).execute();
}

/** Every accepted story's id in the editors' order (whatever anyone may read). */
export async function acceptedIds(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('anthologyStories')
    .select('storyId')
    .where('anthologyId', '=', id)
    .where('status', '=', 'accepted')
    .orderBy('position')
    .orderBy('addedAt', 'desc')
    .execute();
  return rows.map((r) => r.storyId);
}

/** Places 0, 1, 2… in the given order. */
export async function writePositions(trx: Db, id: string, storyIds: readonly string[]): Promise<void> {
  for (const [index, storyId] of storyIds.entries()) {
    await trx.updateTable('anthologyStories').set({ position: index }).where('anthologyId', '=', id).where('storyId', '=', storyId).execute();
  }
}

export async function insertFollow(trx: Db, id: string, uid: string, now: string): Promise<void> {
  await trx.insertInto('anthologyFollows').values({ anthologyId: id, uid, created_at: now }).onConflict((oc) => oc.columns(['anthologyId', 'uid']).doNothing()).execute();
}

export async function deleteFollow(trx: Db, id: string, uid: string): Promise<void> {
  await trx.deleteFrom('anthologyFollows').where('anthologyId', '=', id).where('uid', '=', uid).execute();
}

/** The anthologies holding a story (accepted or waiting), with what the policy needs. */
export function anthologiesOfStory(db: Db, storyId: string) {
  return anthologiesWithOwner(db)
    .innerJoin('anthologyStories as x', 'x.anthologyId', 'a.id')
    .select('x.status')
    .where('x.storyId', '=', storyId)
    .orderBy('x.addedAt', 'desc')
    .execute();
}

/** A story as submitting needs it. */
export function storyForSubmission(db: Db, storyId: string) {
  return db.selectFrom('stories').select(['id', 'uid', 'title', 'public']).where('id', '=', storyId).executeTakeFirst();
}

/**
 * For the weekly digest: stories accepted since `since` into the anthologies the member edits or
 * follows, that they may read and did not write, newest first, at most `limit`.
 */
export function newStoriesForMember(db: Db, viewer: NonNullable<Viewer>, window: { since: string; until: string; limit: number }) {
  const theirs = db
    .selectFrom('anthologies as a2')
    .select('a2.id')
    .where((eb) =>
      eb.or([
        eb('a2.uid', '=', viewer.uid),
        eb('a2.id', 'in', eb.selectFrom('anthologyEditors').select('anthologyId').where('uid', '=', viewer.uid)),
        eb('a2.id', 'in', eb.selectFrom('anthologyFollows').select('anthologyId').where('uid', '=', viewer.uid)),
      ]),
    );
  return db
    .selectFrom('anthologyStories as x')
    .innerJoin('anthologies as a', 'a.id', 'x.anthologyId')
    .innerJoin('users as u', 'u.uid', 'a.uid')
    .innerJoin('stories as s', 's.id', 'x.storyId')
    .innerJoin('users as w', 'w.uid', 's.uid')
    .select(['s.id', 's.title', 's.uid', 's.publishedAt', 'w.displayName', 'w.name', 'x.addedAt'])
    .where('x.anthologyId', 'in', theirs)
    .where('x.status', '=', 'accepted')
    .where('x.addedAt', '>', window.since)
    .where('x.addedAt', '<=', window.until)
    .where('s.uid', '!=', viewer.uid)
    .where(ownerShown)
    .where(readableBy(viewer))
    .orderBy('x.addedAt', 'desc')
    .limit(window.limit)
    .execute();
}
