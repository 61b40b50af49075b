import { READING_LIST_ENTRIES_MAX, READING_LISTS_MAX } from '@common/shared/limits';
import { READING_LIST_TEXTS, type ReadingList, type ReadingListEntryAnswer, type ReadingListPage, type ReadingListsResponse, type StoryLists } from '@common/reading-lists/reading-lists';
import type { ServerContext } from '../../context';
import { fromDbBool } from '../../db/bool';
import { conflict } from '../../http/errors';
import { authorizeReadingList, readingListPolicy } from '../../policy/reading-lists';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { newId } from '../../shared/ids';
import { findStoryRowFor, lockStory, toSummary } from '../stories';
import {
  countEntries,
  countNamedLists,
  deleteEntry,
  deleteList,
  entriesPage,
  findEntry,
  findList,
  insertEntry,
  insertList,
  listsHolding,
  listsOf,
  lockList,
  lockReader,
  readLaterOf,
  updateList,
  updateNote,
  type ListRow,
} from './queries';

/*
 * Reading lists (docs/decisions/0071-reading-lists.md). The limits hold under any burst: a
 * reader's lists are counted (and Read later made) with their users row locked, a list's
 * entries with its row locked; on SQLite every write transaction runs alone (BEGIN IMMEDIATE).
 */

function toList(row: ListRow, viewer: Viewer): ReadingList {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    readLater: fromDbBool(row.readLater),
    public: fromDbBool(row.public),
    entriesCount: Number(row.entriesCount),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ownerDisplayName: row.ownerDisplayName ?? '',
    permissions: readingListPolicy.permissions(viewer, row),
  };
}

/** The reader's Read later, made the first time anything asks for it (once, under any burst). */
export async function ensureReadLater(ctx: ServerContext, uid: string): Promise<string> {
  const found = await readLaterOf(ctx.db, uid);
  if (found) return found.id;
  return ctx.db.transaction().execute(async (trx) => {
    await lockReader(trx, ctx.dialect, uid);
    const made = await readLaterOf(trx, uid);
    if (made) return made.id;
    const id = newId();
    await insertList(trx, { id, uid, title: READING_LIST_TEXTS.readLater, readLater: true, public: false, now: new Date().toISOString() });
    return id;
  });
}

const createPermissions = async (ctx: ServerContext, uid: string) => ({ create: (await countNamedLists(ctx.db, uid)) < READING_LISTS_MAX });

export async function myLists(ctx: ServerContext, viewer: SignedInViewer): Promise<ReadingListsResponse> {
  await ensureReadLater(ctx, viewer.uid);
  const rows = await listsOf(ctx.db, viewer);
  return { lists: rows.map((row) => toList(row, viewer)), permissions: await createPermissions(ctx, viewer.uid) };
}

async function listFor(ctx: ServerContext, viewer: Viewer, id: string): Promise<ReadingList> {
  const row = await findList(ctx.db, viewer, id);
  authorizeReadingList(viewer, 'read', row);
  return toList(row, viewer);
}

export async function createList(ctx: ServerContext, viewer: SignedInViewer, input: { title: string; public: boolean }): Promise<ReadingList> {
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await lockReader(trx, ctx.dialect, viewer.uid);
    if ((await countNamedLists(trx, viewer.uid)) >= READING_LISTS_MAX) throw conflict(READING_LIST_TEXTS.tooManyLists);
    await insertList(trx, { id, uid: viewer.uid, title: input.title, readLater: false, public: input.public, now: new Date().toISOString() });
  });
  return listFor(ctx, viewer, id);
}

export async function changeList(ctx: ServerContext, viewer: SignedInViewer, id: string, changes: { title?: string; public?: boolean }): Promise<ReadingList> {
  await ctx.db.transaction().execute(async (trx) => {
    const list = await lockList(trx, ctx.dialect, id);
    if (changes.title !== undefined) authorizeReadingList(viewer, 'rename', list);
    if (changes.public !== undefined) authorizeReadingList(viewer, 'changeVisibility', list);
    await updateList(trx, id, changes, new Date().toISOString());
  });
  return listFor(ctx, viewer, id);
}

export async function removeList(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    authorizeReadingList(viewer, 'delete', await lockList(trx, ctx.dialect, id));
    await deleteList(trx, id);
  });
}

/**
 * Adds a story the viewer may read to their list (up to READING_LIST_ENTRIES_MAX), or sets the
 * note of one already there; a note left out leaves the note as it is.
 */
export async function putEntry(ctx: ServerContext, viewer: SignedInViewer, listId: string, storyId: string, note: string | undefined): Promise<ReadingListEntryAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    authorizeReadingList(viewer, 'edit', await lockList(trx, ctx.dialect, listId));
    authorizeStory(viewer, 'read', await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId)));
    const now = new Date().toISOString();
    const existing = await findEntry(trx, listId, storyId);
    if (!existing) {
      if ((await countEntries(trx, listId)) >= READING_LIST_ENTRIES_MAX) throw conflict(READING_LIST_TEXTS.listFull);
      await insertEntry(trx, { listId, storyId, note: note ?? '', now });
    } else if (note !== undefined) {
      await updateNote(trx, listId, storyId, note, now);
    }
    const entry = (await findEntry(trx, listId, storyId))!;
    return { listId, storyId, note: entry.note, addedAt: entry.created_at };
  });
}

/** One tap from a story: into Read later, made on first use. */
export async function addToReadLater(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<ReadingListEntryAnswer> {
  return putEntry(ctx, viewer, await ensureReadLater(ctx, viewer.uid), storyId, undefined);
}

/** Idempotent: removing says nothing about whether the story exists. */
export async function removeEntry(ctx: ServerContext, viewer: SignedInViewer, listId: string, storyId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    authorizeReadingList(viewer, 'edit', await lockList(trx, ctx.dialect, listId));
    await deleteEntry(trx, listId, storyId);
  });
}

/** The bookmark's menu: each of the reader's lists and whether it holds this story (one they may read). */
export async function listsForStory(ctx: ServerContext, viewer: SignedInViewer, storyId: string): Promise<StoryLists> {
  authorizeStory(viewer, 'read', await findStoryRowFor(ctx.db, viewer, storyId));
  await ensureReadLater(ctx, viewer.uid);
  const rows = await listsHolding(ctx.db, viewer.uid, storyId);
  return {
    storyId,
    lists: rows.map((r) => ({ id: r.id, title: r.title, readLater: fromDbBool(r.readLater), public: fromDbBool(r.public), has: r.note !== null, note: r.note })),
    permissions: await createPermissions(ctx, viewer.uid),
  };
}

/** A list and a page of the stories in it the viewer may read now. */
export async function listPage(ctx: ServerContext, viewer: Viewer, id: string, query: { cursor?: string; limit: number }): Promise<ReadingListPage> {
  const list = await listFor(ctx, viewer, id);
  const { items, nextCursor } = await entriesPage(ctx.db, viewer, id, query);
  return { list, entries: items.map((row) => ({ story: toSummary(row, viewer), note: row.note, addedAt: row.addedAt })), nextCursor };
}
