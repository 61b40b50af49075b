import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { toDbBool } from '../../db/bool';
import { forUpdate } from '../../db/locks';
import { readableBy } from '../../policy/readable-stories';
import { noBlockBetween } from '../../policy/relations';
import { accountHidden, HIDING_COLUMNS } from '../../policy/profiles';
import type { Viewer } from '../../policy/viewer';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { S_STORY_COLUMNS } from '../stories';

type Db = Kysely<Database>;

const LIST_COLUMNS = ['l.id', 'l.uid', 'l.title', 'l.readLater', 'l.public', 'l.created_at', 'l.updated_at'] as const;

/** The stories of list `l` the viewer may read, counted: the number a list shows beside its name. */
const readableCount = (viewer: Viewer) =>
  sql<number>`(${sql`select count(*) from ${sql.table('readingListEntries')} as e inner join ${sql.table('stories')} as s on ${sql.ref('s.id')} = ${sql.ref('e.storyId')} where ${sql.ref('e.listId')} = ${sql.ref('l.id')} and ${readableBy(viewer)}`})`;

/** The reader's lists, Read later first, then newest first, each with how many stories they may read in it. */
export function listsOf(db: Db, viewer: Viewer & object) {
  return db
    .selectFrom('readingLists as l')
    .innerJoin('users as u', 'u.uid', 'l.uid')
    .select(LIST_COLUMNS)
    .select(['u.displayName as ownerDisplayName'])
    .select(readableCount(viewer).as('entriesCount'))
    .where('l.uid', '=', viewer.uid)
    .orderBy('l.readLater', 'desc')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}
export type ListRow = Awaited<ReturnType<typeof listsOf>>[number];

/** One list as the viewer sees it: with the facts its policy reads (owner hidden, a block either way). */
export async function findList(db: Db, viewer: Viewer, id: string) {
  const row = await db
    .selectFrom('readingLists as l')
    .innerJoin('users as u', 'u.uid', 'l.uid')
    .select(LIST_COLUMNS)
    .select(['u.displayName as ownerDisplayName', ...HIDING_COLUMNS.map((c) => `u.${c}` as const)])
    .select(readableCount(viewer).as('entriesCount'))
    .$if(viewer !== null, (q) => q.select(sql<number | boolean>`${noBlockBetween(viewer?.uid ?? '', 'l.uid')}`.as('unblocked')))
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { suspendedAt, deactivatedAt, deletedAt, ...list } = row;
  const unblocked = (row as { unblocked?: number | boolean }).unblocked;
  return { ...list, ownerHidden: accountHidden({ suspendedAt, deactivatedAt, deletedAt }), blocked: unblocked !== undefined && !(unblocked === true || Number(unblocked) === 1) };
}

/** The reader's Read later, if it has been made. */
export function readLaterOf(db: Db, uid: string) {
  return db.selectFrom('readingLists').select(['id', 'uid', 'readLater', 'public']).where('uid', '=', uid).where('readLater', '=', 1).executeTakeFirst();
}

/**
 * Locks the reader's users row for the rest of the transaction (PostgreSQL; SQLite writers run
 * one at a time): their lists are counted, and Read later made, under it.
 */
export async function lockReader(trx: Db, dialect: Dialect, uid: string): Promise<void> {
  await trx.selectFrom('users').select('uid').where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}

/** Locks the list row: its entries are counted under it. */
export function lockList(trx: Db, dialect: Dialect, id: string) {
  return trx.selectFrom('readingLists').select(['id', 'uid', 'readLater', 'public']).where('id', '=', id).$call(forUpdate(dialect)).executeTakeFirst();
}

/** How many named lists the reader has (Read later is not counted). */
export async function countNamedLists(db: Db, uid: string): Promise<number> {
  const row = await db.selectFrom('readingLists').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).where('readLater', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countEntries(db: Db, listId: string): Promise<number> {
  const row = await db.selectFrom('readingListEntries').select((eb) => eb.fn.countAll<number>().as('n')).where('listId', '=', listId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertList(db: Db, row: { id: string; uid: string; title: string; readLater: boolean; public: boolean; now: string }) {
  return db
    .insertInto('readingLists')
    .values({ id: row.id, uid: row.uid, title: row.title, readLater: toDbBool(row.readLater), public: toDbBool(row.public), created_at: row.now, updated_at: row.now })
    .execute();
}

export function updateList(db: Db, id: string, changes: { title?: string; public?: boolean }, now: string) {
  return db
    .updateTable('readingLists')
    .set({ ...(changes.title !== undefined && { title: changes.title }), ...(changes.public !== undefined && { public: toDbBool(changes.public) }), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db.deleteFrom('readingListEntries').where('listId', '=', id).execute();
  await db.deleteFrom('readingLists').where('id', '=', id).execute();
}

export function findEntry(db: Db, listId: string, storyId: string) {
  return db.selectFrom('readingListEntries').select(['listId', 'storyId', 'note', 'created_at']).where('listId', '=', listId).where('storyId', '=', storyId).executeTakeFirst();
}

export function insertEntry(db: Db, row: { listId: string; storyId: string; note: string; now: string }) {
  return db
    .insertInto('readingListEntries')
    .values({ listId: row.listId, storyId: row.storyId, note: row.note, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.columns(['listId', 'storyId']).doNothing())
    .execute();
}

export function updateNote(db: Db, listId: string, storyId: string, note: string, now: string) {
  return db.updateTable('readingListEntries').set({ note, updated_at: now }).where('listId', '=', listId).where('storyId', '=', storyId).execute();
}

export function deleteEntry(db: Db, listId: string, storyId: string) {
  return db.deleteFrom('readingListEntries').where('listId', '=', listId).where('storyId', '=', storyId).execute();
}

/** Every list of the reader with whether it holds the story (and its note there). */
export function listsHolding(db: Db, uid: string, storyId: string) {
  return db
    .selectFrom('readingLists as l')
    .leftJoin('readingListEntries as e', (join) => join.onRef('e.listId', '=', 'l.id').on('e.storyId', '=', storyId))
    .select(['l.id', 'l.title', 'l.readLater', 'l.public', 'e.note'])
    .where('l.uid', '=', uid)
    .orderBy('l.readLater', 'desc')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

const entriesCursor = z.object({ k: z.literal('reading-list'), c: cursorField.time, i: cursorField.id });

/**
 * A page of the list's entries the viewer may read, most recently added first: the stories
 * through readableBy, as every story list (favourites' join, keyset on added time and story id).
 */
export async function entriesPage(db: Db, viewer: Viewer, listId: string, query: { cursor?: string; limit: number }) {
  const after = decodeCursor(entriesCursor, query.cursor);
  let q = db
    .selectFrom('readingListEntries as e')
    .innerJoin('stories as s', 's.id', 'e.storyId')
    .select(S_STORY_COLUMNS)
    .select(['e.created_at as addedAt', 'e.note'])
    .where('e.listId', '=', listId)
    .where(readableBy(viewer));
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('e.created_at', 'e.storyId'), '<', tuple(after.c, after.i)));
  const rows = await q.orderBy('e.created_at', 'desc').orderBy('e.storyId', 'desc').limit(query.limit + 1).execute();
  return pageOf(rows, query.limit, (last) => encodeCursor({ k: 'reading-list', c: last.addedAt, i: last.id }));
}
