import {
  ANTHOLOGY_CO_EDITORS_MAX,
  ANTHOLOGY_DIRECTORY_PAGE,
  ANTHOLOGY_NOT_FOUND,
  ANTHOLOGY_STORIES_MAX,
  ANTHOLOGY_TEXTS,
  ANTHOLOGIES_PER_OWNER_MAX,
  ANTHOLOGY_COVERS,
  ANTHOLOGY_ORDERS,
  ANTHOLOGY_SUBMISSIONS,
  anthologyNotice,
  anthologyPath,
  type AnthologyCreateInput,
  type AnthologyList,
  type AnthologyPage,
  type AnthologySubmitAnswer,
  type AnthologySummary,
  type AnthologyUpdateInput,
  type MyAnthologies,
  type StoryAnthologies,
} from '@common/anthologies/anthologies';
import { STORY_NOT_FOUND } from '@common/stories/story';
import { DEFAULT_TIME_ZONE } from '@common/streaks/rules';
import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { blockedEitherWay } from '../../policy/relations';
import { authorizeStory } from '../../policy/stories';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { newId } from '../../shared/ids';
import { keysetPages } from '../../shared/keyset';
import { slugify } from '../../shared/slugify';
import { makeBook, type BookFile } from '../books';
import { notifySelf } from '../notifications';
import { findStoryRowFor, toSummary } from '../stories';
import { anthologyPolicy, authorizeAnthology, type AnthologyAction, type AnthologyFacts } from './policy';
import {
  acceptEntry,
  acceptedIds,
  anthologiesOfStory,
  anthologyCounts,
  BOOK_STORIES_PAGE,
  coEditorIds,
  coEditorsOf,
  countEntries,
  countOpenedBy,
  deleteAnthologyRows,
  deleteCoEditor,
  deleteEntry,
  deleteFollow,
  directoryRows,
  editedBy,
  entryOf,
  findAnthology,
  followedBy,
  insertAnthology,
  insertCoEditor,
  insertEntry,
  insertFollow,
  lockAnthology,
  lockMember,
  memberByHandleOrUid,
  nextPosition,
  storiesForBook,
  storiesIn,
  storyForSubmission,
  updateAnthologyRow,
  writePositions,
  type AnthologyRow,
} from './queries';

type Db = ServerContext['db'];
type Trx = Transaction<Database>;
type Counts = { storyCount: number; followers: number; following: boolean };
type CoEditorRow = Awaited<ReturnType<typeof coEditorsOf>>[number];

/** A stored value read back as one of its known words: rows are only ever written from the schemas, so the first is a fallback never used. */
const oneOf = <T extends string>(words: readonly T[], value: string): T => words.find((w) => w === value) ?? words[0]!;

/** Whether a block stands either way between the viewer (a guest: never) and `uid`. */
const blockedWith = (db: Db, viewer: Viewer, uid: string) => (viewer === null || viewer.uid === uid ? Promise.resolve(false) : blockedEitherWay(db, viewer.uid, uid));

const ownerHidden = (row: { suspendedAt: string | null; deactivatedAt: string | null; deletedAt: string | null }) =>
  row.suspendedAt !== null || row.deactivatedAt !== null || row.deletedAt !== null;

function factsOf(row: AnthologyRow, coEditors: readonly string[], blocked: boolean): AnthologyFacts {
  return { uid: row.uid, coEditors, submissions: oneOf(ANTHOLOGY_SUBMISSIONS, row.submissions), ownerHidden: ownerHidden(row), blocked };
}

function present(row: AnthologyRow, coEditors: CoEditorRow[], counts: Counts, viewer: Viewer, blocked = false): AnthologySummary {
  const facts = factsOf(
    row,
    coEditors.map((e) => e.uid),
    blocked,
  );
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    rules: row.rules,
    cover: oneOf(ANTHOLOGY_COVERS, row.cover),
    submissions: facts.submissions,
    order: oneOf(ANTHOLOGY_ORDERS, row.storyOrder),
    editors: [{ uid: row.uid, name: authorName(row) }, ...coEditors.filter((e) => !e.deletedAt).map((e) => ({ uid: e.uid, name: authorName(e) }))],
    ...counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: anthologyPolicy.permissions(viewer, facts),
  };
}

/** Summaries of rows already known to be readable by the viewer (lists filter in SQL). */
async function presentAll(db: Db, viewer: Viewer, rows: AnthologyRow[]): Promise<AnthologySummary[]> {
  const ids = rows.map((r) => r.id);
  const [editors, counts] = await Promise.all([coEditorsOf(db, ids), anthologyCounts(db, viewer, ids)]);
  return rows.map((row) =>
    present(
      row,
      editors.filter((e) => e.anthologyId === row.id),
      counts.get(row.id)!,
      viewer,
    ),
  );
}

/** The anthology as the viewer may see it, with its co-editors: 404 when missing or hidden from them. */
async function loadReadable(db: Db, viewer: Viewer, id: string) {
  const row = await findAnthology(db, id);
  if (!row) throw notFound(ANTHOLOGY_NOT_FOUND);
  const [coEditors, blocked] = await Promise.all([coEditorsOf(db, [id]), blockedWith(db, viewer, row.uid)]);
  const facts = factsOf(
    row,
    coEditors.map((e) => e.uid),
    blocked,
  );
  authorizeAnthology(viewer, 'read', facts);
  return { row, coEditors, facts, blocked };
}

const withAddedAt = (viewer: Viewer, rows: Awaited<ReturnType<typeof storiesIn>>) =>
  rows.map(({ addedAt, position: _position, ...story }) => ({ ...toSummary(story, viewer), addedAt }));

/** The anthology page: its accepted stories the viewer may read, in its order, and (for its editors) what waits. */
export async function anthologyPage(db: Db, viewer: Viewer, id: string): Promise<AnthologyPage> {
  const { row, coEditors, facts, blocked } = await loadReadable(db, viewer, id);
  const order = oneOf(ANTHOLOGY_ORDERS, row.storyOrder);
  const isEditor = anthologyPolicy.isEditor(viewer, facts);
  const [stories, pending, counts] = await Promise.all([
    storiesIn(db, viewer, id, 'accepted', order),
    isEditor ? storiesIn(db, viewer, id, 'pending', 'newest') : Promise.resolve([]),
    anthologyCounts(db, viewer, [id]),
  ]);
  return {
    anthology: present(row, coEditors, counts.get(id)!, viewer, blocked),
    stories: withAddedAt(viewer, stories),
    pending: withAddedAt(viewer, pending),
  };
}

const directoryCursor = z.object({ k: z.literal('anthologies'), a: cursorField.time, i: cursorField.id });

/** The directory: anthologies the viewer may see, most recently added to first; `q` searches titles and descriptions. */
export async function anthologyDirectory(db: Db, viewer: Viewer, q: string | undefined, cursor: string | undefined): Promise<AnthologyList> {
  const after = decodeCursor(directoryCursor, cursor);
  const rows = await directoryRows(db, viewer, q, after && { at: after.a, id: after.i }, ANTHOLOGY_DIRECTORY_PAGE);
  const page = pageOf(rows, ANTHOLOGY_DIRECTORY_PAGE, (last) => encodeCursor({ k: 'anthologies', a: last.lastAddedAt, i: last.id }));
  return { anthologies: await presentAll(db, viewer, page.items), nextCursor: page.nextCursor };
}

/** The anthologies the member edits (hidden ones too: they are theirs) and those they follow that they may see. */
export async function myAnthologies(db: Db, viewer: SignedInViewer): Promise<MyAnthologies> {
  const [editing, following] = await Promise.all([editedBy(db, viewer.uid), followedBy(db, viewer.uid)]);
  return { editing: await presentAll(db, viewer, editing), following: await presentAll(db, viewer, following) };
}

/** Under the member's lock: of parallel opens at the limit, the ones past it are refused. A limited account may not open one. */
export async function createAnthology(ctx: ServerContext, viewer: SignedInViewer, input: Required<AnthologyCreateInput>): Promise<AnthologySummary> {
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, ctx.dialect, viewer.uid);
    if (!member || member.limitedAt !== null) throw forbidden(ANTHOLOGY_TEXTS.standing);
    if ((await countOpenedBy(trx, viewer.uid)) >= ANTHOLOGIES_PER_OWNER_MAX) throw conflict(ANTHOLOGY_TEXTS.tooManyAnthologies);
    const now = new Date().toISOString();
    await insertAnthology(trx, {
      id,
      uid: viewer.uid,
      title: input.title,
      description: input.description,
      rules: input.rules,
      cover: input.cover,
      submissions: input.submissions,
      storyOrder: input.order,
      lastAddedAt: now,
      created_at: now,
      updated_at: now,
    });
  });
  return (await anthologyPage(ctx.db, viewer, id)).anthology;
}

/**
 * Locks the anthology and checks the viewer may do `action`: the transaction's first step of every
 * change, so parallel changes (two editors named at the limit, two accepts) queue one behind the other.
 */
async function lockFor(trx: Trx, ctx: ServerContext, viewer: SignedInViewer, id: string, action: AnthologyAction) {
  const locked = await lockAnthology(trx, ctx.dialect, id);
  if (!locked) throw notFound(ANTHOLOGY_NOT_FOUND);
  const row = (await findAnthology(trx, id))!;
  const facts = factsOf(row, await coEditorIds(trx, id), await blockedWith(trx, viewer, row.uid));
  authorizeAnthology(viewer, action, facts);
  return { row, facts };
}

export async function updateAnthology(ctx: ServerContext, viewer: SignedInViewer, id: string, changes: AnthologyUpdateInput): Promise<AnthologySummary> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await lockFor(trx, ctx, viewer, id, 'edit');
    const { order, ...rest } = changes;
    // Into the editors' order: it starts as the readers saw it, newest first, so nothing jumps.
    if (order === 'editors' && row.storyOrder !== 'editors') {
      const newestFirst = await storiesIn(trx, null, id, 'accepted', 'newest');
      const all = await acceptedIds(trx, id);
      const shown = newestFirst.map((s) => s.id);
      await writePositions(trx, id, [...shown, ...all.filter((s) => !shown.includes(s))]);
    }
    await updateAnthologyRow(trx, id, { ...rest, ...(order ? { storyOrder: order } : {}), updated_at: new Date().toISOString() });
  });
  return (await anthologyPage(ctx.db, viewer, id)).anthology;
}

/** The anthology goes (its opener only); its stories stay with their writers. */
export async function deleteAnthology(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFor(trx, ctx, viewer, id, 'manage');
    await deleteAnthologyRows(trx, id);
  });
}

/** The opener names a co-editor by handle (with or without its @) or uid; at most ANTHOLOGY_CO_EDITORS_MAX, counted under the lock. */
export async function addCoEditor(ctx: ServerContext, viewer: SignedInViewer, id: string, member: string): Promise<AnthologySummary> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFor(trx, ctx, viewer, id, 'manage');
    const person = await memberByHandleOrUid(trx, member.replace(/^@/, '').trim());
    if (!person || ownerHidden(person)) throw notFound(ANTHOLOGY_TEXTS.notAMember);
    if (person.uid === viewer.uid) throw conflict(ANTHOLOGY_TEXTS.alreadyOwner);
    const current = await coEditorIds(trx, id);
    if (current.includes(person.uid)) return;
    if (await blockedWith(trx, viewer, person.uid)) throw notFound(ANTHOLOGY_TEXTS.notAMember);
    if (current.length >= ANTHOLOGY_CO_EDITORS_MAX) throw conflict(ANTHOLOGY_TEXTS.tooManyEditors);
    await insertCoEditor(trx, id, person.uid, new Date().toISOString());
  });
  return (await anthologyPage(ctx.db, viewer, id)).anthology;
}

/** The opener removes a co-editor, or a co-editor steps down. */
export async function removeCoEditor(ctx: ServerContext, viewer: SignedInViewer, id: string, uid: string): Promise<AnthologySummary> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFor(trx, ctx, viewer, id, uid === viewer.uid ? 'edit' : 'manage');
    const removed = await deleteCoEditor(trx, id, uid);
    if (removed.length === 0) throw notFound(ANTHOLOGY_TEXTS.notAMember);
  });
  return (await anthologyPage(ctx.db, viewer, id)).anthology;
}

/** Tells a writer (or an editor) what happened to a story in the anthology; nobody is told of their own doing. */
async function tell(ctx: ServerContext, trx: Trx, viewer: SignedInViewer, to: string, anthologyId: string, detail: string, at: string) {
  if (to === viewer.uid) return;
  await notifySelf(ctx, trx, { to, type: 'anthology', detail, link: anthologyPath(anthologyId), at });
}

/**
 * The writer adds their own public story: in at once when submissions are open (or they edit the
 * anthology), waiting for the editors when moderated, refused when closed. Under the anthology's
 * lock, so the limit holds; a story already in it answers where it stands.
 */
export async function submitStory(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string): Promise<AnthologySubmitAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row, facts } = await lockFor(trx, ctx, viewer, id, 'submit');
    const story = await findStoryRowFor(trx, viewer, storyId);
    authorizeStory(viewer, 'read', story);
    const own = await storyForSubmission(trx, storyId);
    if (!own) throw notFound(STORY_NOT_FOUND);
    if (own.uid !== viewer.uid) throw forbidden(ANTHOLOGY_TEXTS.onlyOwnStories);
    if (Number(own.public) !== 1) throw badRequest(ANTHOLOGY_TEXTS.onlyPublicStories, 'story_not_public');
    const existing = await entryOf(trx, id, storyId);
    if (existing) {
      const status = existing.status === 'accepted' ? 'accepted' : 'pending';
      return { status, message: status === 'accepted' ? ANTHOLOGY_TEXTS.added : ANTHOLOGY_TEXTS.submitted };
    }
    if ((await countEntries(trx, id)) >= ANTHOLOGY_STORIES_MAX) throw conflict(ANTHOLOGY_TEXTS.tooManyStories);
    const now = new Date().toISOString();
    const atOnce = anthologyPolicy.isEditor(viewer, facts) || facts.submissions === 'open';
    await insertEntry(trx, { anthologyId: id, storyId, status: atOnce ? 'accepted' : 'pending', position: atOnce ? await nextPosition(trx, id) : 0, addedAt: now });
    if (atOnce) {
      await updateAnthologyRow(trx, id, { lastAddedAt: now });
      return { status: 'accepted' as const, message: ANTHOLOGY_TEXTS.added };
    }
    for (const editor of [row.uid, ...facts.coEditors]) await tell(ctx, trx, viewer, editor, id, anthologyNotice.submitted(own.title, row.title), now);
    return { status: 'pending' as const, message: ANTHOLOGY_TEXTS.submitted };
  });
}

/** The writer withdraws their story (no reason asked); an editor removes one, saying why, and the writer is told. */
export async function removeStoryFrom(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string, reason: string): Promise<AnthologyPage> {
  await ctx.db.transaction().execute(async (trx) => {
    const story = await storyForSubmission(trx, storyId);
    const withdrawing = story !== undefined && story.uid === viewer.uid;
    const { row } = await lockFor(trx, ctx, viewer, id, withdrawing ? 'read' : 'edit');
    const entry = await entryOf(trx, id, storyId);
    if (!entry || !story) throw notFound(ANTHOLOGY_TEXTS.notInAnthology);
    if (!withdrawing && reason === '') throw badRequest(ANTHOLOGY_TEXTS.reasonRequired, 'reason_required');
    await deleteEntry(trx, id, storyId);
    if (entry.status === 'accepted') await writePositions(trx, id, await acceptedIds(trx, id));
    if (!withdrawing) await tell(ctx, trx, viewer, story.uid, id, anthologyNotice.removed(story.title, row.title, reason), new Date().toISOString());
  });
  return anthologyPage(ctx.db, viewer, id);
}

/** An editor accepts a waiting story: it goes last in the editors' order, newest in the other; the writer is told. */
export async function acceptStory(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string): Promise<AnthologyPage> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await lockFor(trx, ctx, viewer, id, 'edit');
    const entry = await entryOf(trx, id, storyId);
    if (!entry || entry.status !== 'pending') throw conflict(ANTHOLOGY_TEXTS.notPending);
    const now = new Date().toISOString();
    await acceptEntry(trx, id, storyId, await nextPosition(trx, id), now);
    await updateAnthologyRow(trx, id, { lastAddedAt: now });
    const story = await storyForSubmission(trx, storyId);
    if (story) await tell(ctx, trx, viewer, story.uid, id, anthologyNotice.accepted(story.title, row.title), now);
  });
  return anthologyPage(ctx.db, viewer, id);
}

/** An editor declines a waiting story, with a reason if they give one; the writer is told. */
export async function declineStory(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string, reason: string): Promise<AnthologyPage> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await lockFor(trx, ctx, viewer, id, 'edit');
    const entry = await entryOf(trx, id, storyId);
    if (!entry || entry.status !== 'pending') throw conflict(ANTHOLOGY_TEXTS.notPending);
    await deleteEntry(trx, id, storyId);
    const story = await storyForSubmission(trx, storyId);
    if (story) await tell(ctx, trx, viewer, story.uid, id, anthologyNotice.declined(story.title, row.title, reason), new Date().toISOString());
  });
  return anthologyPage(ctx.db, viewer, id);
}

/** The editors' order: exactly the accepted stories, each once, or 409 (it changed meanwhile). */
export async function reorderAnthology(ctx: ServerContext, viewer: SignedInViewer, id: string, storyIds: string[]): Promise<AnthologyPage> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFor(trx, ctx, viewer, id, 'edit');
    const current = await acceptedIds(trx, id);
    const same = current.length === storyIds.length && storyIds.every((s) => current.includes(s));
    if (!same) throw conflict(ANTHOLOGY_TEXTS.orderMismatch);
    await writePositions(trx, id, storyIds);
    await updateAnthologyRow(trx, id, { updated_at: new Date().toISOString() });
  });
  return anthologyPage(ctx.db, viewer, id);
}

export async function followAnthology(ctx: ServerContext, viewer: SignedInViewer, id: string, follow: boolean): Promise<AnthologySummary> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFor(trx, ctx, viewer, id, 'follow');
    if (follow) await insertFollow(trx, id, viewer.uid, new Date().toISOString());
    else await deleteFollow(trx, id, viewer.uid);
  });
  return (await anthologyPage(ctx.db, viewer, id)).anthology;
}

/** The anthologies holding a story that the viewer may see; a waiting entry only for the story's writer and the anthology's editors. */
export async function storyAnthologies(db: Db, viewer: Viewer, storyId: string): Promise<StoryAnthologies> {
  const story = await findStoryRowFor(db, viewer, storyId);
  authorizeStory(viewer, 'read', story);
  const rows = await anthologiesOfStory(db, storyId);
  const editors = await coEditorsOf(
    db,
    rows.map((r) => r.id),
  );
  const anthologies: StoryAnthologies['anthologies'] = [];
  for (const row of rows) {
    const facts = factsOf(
      row,
      editors.filter((e) => e.anthologyId === row.id).map((e) => e.uid),
      await blockedWith(db, viewer, row.uid),
    );
    if (!anthologyPolicy.can(viewer, 'read', facts)) continue;
    const accepted = row.status === 'accepted';
    if (!accepted && viewer?.uid !== story.uid && !anthologyPolicy.isEditor(viewer, facts)) continue;
    anthologies.push({ id: row.id, title: row.title, status: accepted ? 'accepted' : 'pending' });
  }
  return { anthologies };
}

/** The anthology as an EPUB: the accepted stories this viewer may read, in its order, each with its writer's name. */
export async function anthologyBook(ctx: ServerContext, viewer: Viewer, id: string, locale: string | null): Promise<BookFile> {
  const { row, coEditors } = await loadReadable(ctx.db, viewer, id);
  const order = oneOf(ANTHOLOGY_ORDERS, row.storyOrder);
  const stories = keysetPages(BOOK_STORIES_PAGE, (after: { position: number; addedAt: string; storyId: string } | null) => storiesForBook(ctx.db, viewer, id, order, after));
  async function* chapters() {
    for await (const story of stories) yield { ...story, byline: `by ${authorName(story)}` };
  }
  const book = await makeBook(
    ctx,
    {
      key: `anthology:${row.id}`,
      title: row.title,
      subtitle: row.description,
      authors: [authorName(row), ...coEditors.filter((e) => !e.deletedAt).map((e) => authorName(e))],
      fileName: `drabble-anthology-${slugify(row.title, 60) || row.id}.epub`,
      timeZone: row.timezone ?? DEFAULT_TIME_ZONE,
      stories: chapters(),
    },
    { locale },
  );
  if (!book) throw notFound(ANTHOLOGY_TEXTS.noReadableStories);
  return book;
}

/** The anthology as a guest finds it, for its Atom feed: null unless a guest may see it. */
export async function guestAnthology(db: Db, id: string): Promise<{ id: string; title: string; description: string; editors: string } | null> {
  const row = await findAnthology(db, id);
  if (!row || ownerHidden(row)) return null;
  const editors = (await coEditorsOf(db, [id])).filter((e) => !e.deletedAt).map((e) => authorName(e));
  return { id: row.id, title: row.title, description: row.description, editors: [authorName(row), ...editors].join(', ') };
}

/** For a report: the anthology as the reporter sees it (null when they may not), its words and its opener. */
export async function anthologyForReport(db: Db, viewer: SignedInViewer, id: string): Promise<{ uid: string; title: string; text: string; ownerName: string } | null> {
  const row = await findAnthology(db, id);
  if (!row) return null;
  const facts = factsOf(row, await coEditorIds(db, id), await blockedWith(db, viewer, row.uid));
  if (!anthologyPolicy.can(viewer, 'read', facts)) return null;
  return { uid: row.uid, title: row.title, text: anthologyReportText(row), ownerName: authorName(row) };
}

/** An anthology's words as a report's snapshot keeps them; moderation compares the live ones with it the same way. */
export function anthologyReportText(row: { title: string; description: string; rules: string }): string {
  return [`Title: ${row.title}`, row.description ? `Description: ${row.description}` : null, row.rules ? `Rules: ${row.rules}` : null].filter((l) => l !== null).join('\n');
}

/** The live words of an anthology for a moderation case (null when it is gone). */
export async function anthologyTextNow(db: Db, id: string): Promise<string | null> {
  const row = await findAnthology(db, id);
  return row ? anthologyReportText(row) : null;
}

/** Moderation's "Remove content": the anthology goes, as its opener's delete does. Whether it was there. */
export async function removeAnthologyByModerators(trx: Trx, id: string): Promise<boolean> {
  const row = await findAnthology(trx, id);
  if (!row) return false;
  await deleteAnthologyRows(trx, id);
  return true;
}

/** An anthology's title, for a moderation notice (null when it is gone). */
export async function anthologyTitle(db: Db, id: string): Promise<string | null> {
  return (await findAnthology(db, id))?.title ?? null;
}
