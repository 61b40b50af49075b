import { SERIES_NOT_FOUND, SERIES_TEXTS, type OwnSeriesList, type SeriesCreateInput, type SeriesPage, type SeriesSummary, type StoryPart } from '@common/series/series';
import { SERIES_PER_WRITER_MAX, SERIES_STORIES_MAX } from '@common/shared/limits';
import type { ServerContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { authorName } from '../../shared/author';
import { authorizeSeries, authorizeSeriesStory, seriesPolicy, type SeriesFacts } from './policy';
import { authorizeStory } from '../../policy/stories';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { findStoryRowFor, toSummary } from '../stories';
import { makeBook, type BookFile } from '../books';
import { keysetPages } from '../../shared/keyset';
import { slugify } from '../../shared/slugify';
import { DEFAULT_TIME_ZONE } from '@common/streaks/rules';
import {
  countSeriesOf,
  deletePart,
  deleteSeriesRows,
  findSeries,
  insertPart,
  insertSeries,
  lockSeries,
  lockWriter,
  nextPosition,
  ownSeriesParts,
  partIds,
  readableParts,
  readablePartsForBook,
  BOOK_PARTS_PAGE,
  seriesCounts,
  seriesOfStory,
  seriesOfWriter,
  updateSeriesRow,
  writePositions,
  type SeriesRow,
} from './queries';

type Db = ServerContext['db'];
type Counts = { storyCount: number; totalWords: number; favorites: number };

function present(row: SeriesRow, counts: Counts, viewer: Viewer): SeriesSummary {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    description: row.description,
    authorDisplayName: authorName(row),
    ...counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: seriesPolicy.permissions(viewer, { uid: row.uid, readableParts: counts.storyCount }),
  };
}

/** What the policy reads: the writer, and how many parts this viewer may read (not counted for the writer). */
async function factsOf(db: Db, viewer: Viewer, series: { id: string; uid: string }): Promise<SeriesFacts> {
  if (viewer?.uid === series.uid) return { uid: series.uid, readableParts: 0 };
  const counts = await seriesCounts(db, viewer, [series.id]);
  return { uid: series.uid, readableParts: counts.get(series.id)?.storyCount ?? 0 };
}

/** The series page: its parts this viewer may read, numbered 1, 2, 3… as they see them. */
export async function seriesPage(db: Db, viewer: Viewer, id: string): Promise<SeriesPage> {
  const row = await findSeries(db, id);
  if (!row) throw notFound(SERIES_NOT_FOUND);
  const parts = await readableParts(db, viewer, id);
  authorizeSeries(viewer, 'read', { uid: row.uid, readableParts: parts.length });
  const counts = (await seriesCounts(db, viewer, [id])).get(id)!;
  return {
    series: present(row, counts, viewer),
    stories: parts.map(({ position: _position, ...part }, index) => ({ ...toSummary(part, viewer), part: index + 1 })),
  };
}

/** A writer's series this viewer may see: all of them for the writer, those with a part they may read for anyone else. */
export async function writerSeries(db: Db, viewer: Viewer, uid: string): Promise<SeriesSummary[]> {
  const rows = await seriesOfWriter(db, uid);
  const counts = await seriesCounts(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row) => {
    const c = counts.get(row.id)!;
    return seriesPolicy.can(viewer, 'read', { uid: row.uid, readableParts: c.storyCount }) ? [present(row, c, viewer)] : [];
  });
}

/** The writer's own series with every part's id, for "Add to series". */
export async function ownSeries(db: Db, viewer: SignedInViewer): Promise<OwnSeriesList> {
  const rows = await ownSeriesParts(db, viewer.uid);
  const byId = new Map<string, OwnSeriesList['series'][number]>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, title: row.title, storyIds: [] };
    byId.set(row.id, entry);
    if (row.storyId) entry.storyIds.push(row.storyId);
  }
  return { series: [...byId.values()] };
}

/** Under the writer's lock: of parallel creates at the limit, the ones past it are refused. */
export async function createSeries(ctx: ServerContext, viewer: SignedInViewer, input: Required<SeriesCreateInput>): Promise<SeriesSummary> {
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await lockWriter(trx, ctx.dialect, viewer.uid);
    if ((await countSeriesOf(trx, viewer.uid)) >= SERIES_PER_WRITER_MAX) throw conflict(SERIES_TEXTS.tooManySeries);
    const now = new Date().toISOString();
    await insertSeries(trx, { id, uid: viewer.uid, title: input.title, description: input.description, created_at: now, updated_at: now });
  });
  const row = (await findSeries(ctx.db, id))!;
  return present(row, { storyCount: 0, totalWords: 0, favorites: 0 }, viewer);
}

/** Locks the series and checks the viewer may change it: the transaction's first step of every change. */
async function lockForEdit(trx: Db, ctx: ServerContext, viewer: SignedInViewer, id: string) {
  const series = await lockSeries(trx, ctx.dialect, id);
  authorizeSeries(viewer, 'edit', series && (await factsOf(trx, viewer, series)));
  return series;
}

export async function updateSeries(ctx: ServerContext, viewer: SignedInViewer, id: string, changes: { title?: string; description?: string }): Promise<SeriesSummary> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockForEdit(trx, ctx, viewer, id);
    await updateSeriesRow(trx, id, { ...changes, updated_at: new Date().toISOString() });
  });
  return (await seriesPage(ctx.db, viewer, id)).series;
}

/** The series goes; its stories stay, in no series. */
export async function deleteSeries(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, ctx.dialect, id);
    authorizeSeries(viewer, 'delete', series && (await factsOf(trx, viewer, series)));
    await deleteSeriesRows(trx, id);
  });
}

/**
 * Adds the writer's own story as the last part. Under the series' lock: parallel adds queue, so
 * the limit holds and the places stay 0, 1, 2…; a story already in another series is refused
 * (the story is seriesStories' key, so two parallel adds of it to two series cannot both win).
 * Adding a story already in this series changes nothing.
 */
export async function addStory(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string): Promise<SeriesPage> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockForEdit(trx, ctx, viewer, id);
    const story = await findStoryRowFor(trx, viewer, storyId);
    authorizeStory(viewer, 'read', story);
    authorizeSeriesStory(viewer, story);
    const ids = await partIds(trx, id);
    if (ids.includes(storyId)) return;
    const other = await seriesOfStory(trx, storyId);
    if (other) throw conflict(SERIES_TEXTS.alreadyInSeries);
    if (ids.length >= SERIES_STORIES_MAX) throw conflict(SERIES_TEXTS.tooManyStories);
    const now = new Date().toISOString();
    const inserted = await insertPart(trx, id, storyId, await nextPosition(trx, id), now);
    if (inserted.length === 0) throw conflict(SERIES_TEXTS.alreadyInSeries);
    await updateSeriesRow(trx, id, { updated_at: now });
  });
  return seriesPage(ctx.db, viewer, id);
}

/** Takes the story out of the series (the story stays); the parts after it move up. */
export async function removeStory(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string): Promise<SeriesPage> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockForEdit(trx, ctx, viewer, id);
    const removed = await deletePart(trx, id, storyId);
    if (removed.length === 0) throw notFound(SERIES_TEXTS.notInSeries);
    await writePositions(trx, id, await partIds(trx, id));
    await updateSeriesRow(trx, id, { updated_at: new Date().toISOString() });
  });
  return seriesPage(ctx.db, viewer, id);
}

/** The parts in a new order: exactly the series' stories, each once, or 409 (it changed meanwhile). */
export async function reorderSeries(ctx: ServerContext, viewer: SignedInViewer, id: string, storyIds: string[]): Promise<SeriesPage> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockForEdit(trx, ctx, viewer, id);
    const current = await partIds(trx, id);
    const same = current.length === storyIds.length && storyIds.every((s) => current.includes(s));
    if (!same) throw conflict(SERIES_TEXTS.orderMismatch);
    await writePositions(trx, id, storyIds);
    await updateSeriesRow(trx, id, { updated_at: new Date().toISOString() });
  });
  return seriesPage(ctx.db, viewer, id);
}

/** "Part N of <series>" for the story page, with the previous and next parts this viewer may read. */
export async function storyPart(db: Db, viewer: Viewer, storyId: string): Promise<StoryPart> {
  const story = await findStoryRowFor(db, viewer, storyId);
  authorizeStory(viewer, 'read', story);
  const inSeries = await seriesOfStory(db, storyId);
  const series = inSeries && (await findSeries(db, inSeries.seriesId));
  if (!series) return { part: null };
  const parts = await readableParts(db, viewer, series.id);
  const index = parts.findIndex((p) => p.id === storyId);
  if (index < 0) return { part: null };
  const link = (p: (typeof parts)[number] | undefined) => (p ? { id: p.id, title: p.title } : null);
  return {
    part: { series: { id: series.id, title: series.title }, number: index + 1, total: parts.length, previous: link(parts[index - 1]), next: link(parts[index + 1]) },
  };
}

/**
 * The series as an EPUB: the parts this viewer may read, in order, dated in the writer's zone.
 * 404 as for the page when they may read none.
 */
export async function seriesBook(ctx: ServerContext, viewer: Viewer, id: string, locale: string | null): Promise<BookFile> {
  const row = await findSeries(ctx.db, id);
  if (!row) throw notFound(SERIES_NOT_FOUND);
  const readable = (await seriesCounts(ctx.db, viewer, [id])).get(id)?.storyCount ?? 0;
  authorizeSeries(viewer, 'read', { uid: row.uid, readableParts: readable });
  const book = await makeBook(
    ctx,
    {
      key: `series:${row.id}`,
      title: row.title,
      subtitle: row.description,
      authors: [authorName(row)],
      fileName: `drabble-series-${slugify(row.title, 60) || row.id}.epub`,
      timeZone: row.timezone ?? DEFAULT_TIME_ZONE,
      stories: keysetPages(BOOK_PARTS_PAGE, (after: { position: number } | null) => readablePartsForBook(ctx.db, viewer, id, after)),
    },
    { locale },
  );
  if (!book) throw notFound(SERIES_TEXTS.noReadableParts);
  return book;
}

/** The series as a guest finds it, for its Atom feed: null unless a guest may read one of its parts. */
export async function guestSeries(db: Db, id: string): Promise<{ id: string; title: string; description: string; writer: string } | null> {
  const row = await findSeries(db, id);
  if (!row) return null;
  const counts = await seriesCounts(db, null, [id]);
  if (!seriesPolicy.can(null, 'read', { uid: row.uid, readableParts: counts.get(id)?.storyCount ?? 0 })) return null;
  return { id: row.id, title: row.title, description: row.description, writer: authorName(row) };
}
