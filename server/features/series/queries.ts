import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, SeriesTable } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';
import { readableBy } from '../../policy/readable-stories';
import type { Viewer } from '../../policy/viewer';
import { S_STORY_COLUMNS } from '../stories';

type Db = Kysely<Database>;

const SERIES_COLUMNS = ['series.id', 'series.uid', 'series.title', 'series.description', 'series.created_at', 'series.updated_at', 'users.displayName', 'users.name', 'users.timezone'] as const;

/** Series rows with their writer's names, for the answers. */
function seriesWithWriter(db: Db) {
  return db.selectFrom('series').innerJoin('users', 'users.uid', 'series.uid').select(SERIES_COLUMNS);
}
export type SeriesRow = Awaited<ReturnType<typeof findSeries>> & {};

export function findSeries(db: Db, id: string) {
  return seriesWithWriter(db).where('series.id', '=', id).executeTakeFirst();
}

/** A writer's series, newest first. */
export function seriesOfWriter(db: Db, uid: string) {
  return seriesWithWriter(db).where('series.uid', '=', uid).orderBy('series.created_at', 'desc').orderBy('series.id', 'desc').execute();
}

/**
 * The series row under a lock (PostgreSQL; SQLite's writers run one at a time): every change
 * to its parts takes it first, so parallel adds, removals and reorders queue one behind the other.
 */
export function lockSeries(trx: Db, dialect: Dialect, id: string) {
  return trx.selectFrom('series').select(['id', 'uid']).where('id', '=', id).$call(forUpdate(dialect)).executeTakeFirst();
}

/** The writer's users row under a lock: of two parallel creates the second counts the first. */
export async function lockWriter(trx: Db, dialect: Dialect, uid: string): Promise<void> {
  await trx.selectFrom('users').select('uid').where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}

export async function countSeriesOf(db: Db, uid: string): Promise<number> {
  const row = await db.selectFrom('series').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertSeries(trx: Db, row: Insertable<SeriesTable>): Promise<void> {
  await trx.insertInto('series').values(row).execute();
}

export async function updateSeriesRow(trx: Db, id: string, changes: Updateable<SeriesTable>): Promise<void> {
  await trx.updateTable('series').set(changes).where('id', '=', id).execute();
}

export async function deleteSeriesRows(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('seriesStories').where('seriesId', '=', id).execute();
  await trx.deleteFrom('series').where('id', '=', id).execute();
}

/** The parts this viewer may read, in order, as list rows with their place. */
export function readableParts(db: Db, viewer: Viewer, seriesId: string) {
  return db
    .selectFrom('seriesStories as ss')
    .innerJoin('stories as s', 's.id', 'ss.storyId')
    .select(S_STORY_COLUMNS)
    .select('ss.position')
    .where('ss.seriesId', '=', seriesId)
    .where(readableBy(viewer))
    .orderBy('ss.position')
    .execute();
}

/** Parts read per query while the series' book is written. */
export const BOOK_PARTS_PAGE = 200;

/** The parts this viewer may read, in order, with what a book's chapter needs: one page after the part at `after`. */
export function readablePartsForBook(db: Db, viewer: Viewer, seriesId: string, after: { position: number } | null) {
  let q = db
    .selectFrom('seriesStories as ss')
    .innerJoin('stories as s', 's.id', 'ss.storyId')
    .select(['ss.position', 's.title', 's.content', 's.contentWarnings', 's.contentWarningNote', 's.created_at'])
    .where('ss.seriesId', '=', seriesId)
    .where(readableBy(viewer));
  if (after) q = q.where('ss.position', '>', after.position);
  return q.orderBy('ss.position').limit(BOOK_PARTS_PAGE).execute();
}

/** The parts this viewer may read of each series, their words and their favorites: by series id. */
export async function seriesCounts(db: Db, viewer: Viewer, seriesIds: readonly string[]) {
  const counts = new Map<string, { storyCount: number; totalWords: number; favorites: number }>();
  if (seriesIds.length === 0) return counts;
  const parts = await db
    .selectFrom('seriesStories as ss')
    .innerJoin('stories as s', 's.id', 'ss.storyId')
    .select(['ss.seriesId', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('s.wordCount').as('words')])
    .where('ss.seriesId', 'in', seriesIds)
    .where(readableBy(viewer))
    .groupBy('ss.seriesId')
    .execute();
  const favorites = await db
    .selectFrom('userFavorites as f')
    .innerJoin('seriesStories as ss', 'ss.storyId', 'f.storyId')
    .innerJoin('stories as s', 's.id', 'ss.storyId')
    .select(['ss.seriesId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ss.seriesId', 'in', seriesIds)
    .where(readableBy(viewer))
    .groupBy('ss.seriesId')
    .execute();
  for (const id of seriesIds) counts.set(id, { storyCount: 0, totalWords: 0, favorites: 0 });
  for (const row of parts) counts.set(row.seriesId, { storyCount: Number(row.n), totalWords: Number(row.words ?? 0), favorites: 0 });
  for (const row of favorites) {
    const c = counts.get(row.seriesId);
    if (c) c.favorites = Number(row.n);
  }
  return counts;
}

/** Every part's story id, in order (the writer's whole series, whatever anyone may read). */
export async function partIds(db: Db, seriesId: string): Promise<string[]> {
  const rows = await db.selectFrom('seriesStories').select('storyId').where('seriesId', '=', seriesId).orderBy('position').execute();
  return rows.map((r) => r.storyId);
}

/** The writer's series with every story id each holds, for "Add to series". */
export async function ownSeriesParts(db: Db, uid: string) {
  return db
    .selectFrom('series')
    .leftJoin('seriesStories as ss', 'ss.seriesId', 'series.id')
    .select(['series.id', 'series.title', 'series.created_at', 'ss.storyId', 'ss.position'])
    .where('series.uid', '=', uid)
    .orderBy('series.created_at', 'desc')
    .orderBy('series.id', 'desc')
    .orderBy('ss.position')
    .execute();
}

/** The series a story is a part of, if any. */
export function seriesOfStory(db: Db, storyId: string) {
  return db.selectFrom('seriesStories').select('seriesId').where('storyId', '=', storyId).executeTakeFirst();
}

/** The story as adding it needs it: its writer, whether it exists. */
export function storyOwner(db: Db, storyId: string) {
  return db.selectFrom('stories').select('uid').where('id', '=', storyId).executeTakeFirst();
}

/**
 * Adds the story as the last part: the rows really inserted (none when the story is in a
 * series already, this one or another: the story is the table's key).
 */
export async function insertPart(trx: Db, seriesId: string, storyId: string, position: number, createdAt: string) {
  return trx
    .insertInto('seriesStories')
    .values({ seriesId, storyId, position, created_at: createdAt })
    .onConflict((oc) => oc.column('storyId').doNothing())
    .returning('storyId')
    .execute();
}

/** After the last part's place (a deleted story may have left a gap; the next reorder or removal closes it). */
export async function nextPosition(trx: Db, seriesId: string): Promise<number> {
  const last = await trx.selectFrom('seriesStories').select('position').where('seriesId', '=', seriesId).orderBy('position', 'desc').limit(1).executeTakeFirst();
  return last ? Number(last.position) + 1 : 0;
}

export async function deletePart(trx: Db, seriesId: string, storyId: string) {
  return trx.deleteFrom('seriesStories').where('seriesId', '=', seriesId).where('storyId', '=', storyId).returning('storyId').execute();
}

/**
 * Writes the parts' places as 0, 1, 2… in the given order. Through negative places first: the
 * (seriesId, position) index is unique and checked row by row on both databases.
 */
export async function writePositions(trx: Db, seriesId: string, storyIds: readonly string[]): Promise<void> {
  for (const [index, storyId] of storyIds.entries()) {
    await trx.updateTable('seriesStories').set({ position: -1 - index }).where('seriesId', '=', seriesId).where('storyId', '=', storyId).execute();
  }
  await trx
    .updateTable('seriesStories')
    .set({ position: sql<number>`-1 - ${sql.ref('position')}` })
    .where('seriesId', '=', seriesId)
    .execute();
}
