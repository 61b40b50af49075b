import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import { REACTION_KINDS, type ReactionSummary, type Story, type StoryRow, type StorySummary } from '@common/stories/story';
import type { Prompt } from '@common/prompts/prompts';
import { isPerfectDrabble } from '@common/stories/words';
import { warningsOfMask } from '@common/stories/content-warnings';
import { tagsOfNames } from '../tags';
import type { Database, StoriesTable, StoryVersionsTable } from '../../db/types';
import type { Dialect } from '../../db/database';
import { fromDbBool } from '../../db/bool';
import { readableBy, readableStories, type StoryScope } from '../../policy/readable-stories';
import { storyPolicy } from '../../policy/stories';
import { noBlockBetween } from '../../policy/relations';
import { own, type SignedInViewer, type Viewer } from '../../policy/viewer';
import { ANONYMOUS_AUTHOR, ANONYMOUS_COLOR, ANONYMOUS_ICON } from '@common/contests/contests';
import { forUpdate } from '../../db/locks';
import { STORY_COLUMNS, S_STORY_COLUMNS, type CommonRow, type StoryDbRow, type StoryTextRow } from '../../db/story-columns';

type Db = Kysely<Database>;

export { STORY_COLUMNS, SUMMARY_COLUMNS, S_STORY_COLUMNS, type StoryDbRow, type StoryTextRow } from '../../db/story-columns';

/** `select <summary columns>` of the stories the viewer may read, within `scope`: the start of every story list. */
export function selectStories(db: Db, viewer: Viewer, scope: StoryScope = {}) {
  return readableStories(db, viewer, scope).select(S_STORY_COLUMNS);
}
export type StoriesQuery = ReturnType<typeof selectStories>;

export async function findStoryRow(db: Db, id: string): Promise<StoryTextRow | undefined> {
  return db.selectFrom('stories').select(STORY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The story row with the `blocked` fact the story and comment policies read, in one statement
 * (what `withBlockFact(db, viewer, await findStoryRow(db, id))` reads in two): a block stands
 * either way between the viewer and its writer; never for a guest or the writer themself.
 */
export async function findStoryRowFor(db: Db, viewer: Viewer, id: string): Promise<(StoryTextRow & { blocked: boolean }) | undefined> {
  if (viewer === null) {
    const row = await findStoryRow(db, id);
    return row && { ...row, blocked: false };
  }
  const row = await db
    .selectFrom('stories')
    .select(STORY_COLUMNS)
    .select(sql<number | boolean>`${noBlockBetween(viewer.uid, 'stories.uid')}`.as('unblocked'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { unblocked, ...story } = row;
  return { ...story, blocked: story.uid !== viewer.uid && !unblocked };
}

function promptOf(row: CommonRow): Prompt | null {
  return row.promptGenre && row.promptTheme && row.promptTwist
    ? { genre: row.promptGenre, theme: row.promptTheme, twist: row.promptTwist }
    : null;
}

/**
 * An anonymous contest entry as anyone but its author reads it: no uid, no name, no
 * picture; the default icon and colour. Admins read it so too: they see authors on the contest screens.
 */
function authorAsShown(row: CommonRow, viewer: Viewer) {
  if (row.contestId === null || own(viewer, row)) {
    return { uid: row.uid, authorDisplayName: row.authorDisplayName, authorProfileIcon: row.authorProfileIcon, authorProfileColor: row.authorProfileColor, authorProfileImage: row.authorProfileImage };
  }
  return { uid: '', authorDisplayName: ANONYMOUS_AUTHOR, authorProfileIcon: ANONYMOUS_ICON, authorProfileColor: ANONYMOUS_COLOR, authorProfileImage: null };
}

function storyFields(row: CommonRow, viewer: Viewer) {
  return {
    id: row.id,
    ...authorAsShown(row, viewer),
    title: row.title,
    public: fromDbBool(row.public),
    likesCount: Number(row.likesCount),
    commentsCount: Number(row.commentsCount),
    viewsCount: Number(row.viewsCount),
    createdAt: row.created_at,
    created_at: row.created_at,
    updatedAt: row.updated_at,
    madePublicAt: row.madePublicAt,
    madePrivateAt: row.madePrivateAt,
    prompt: promptOf(row),
    promptDay: row.promptDay,
    perfectDrabble: isPerfectDrabble(Number(row.wordCount)),
    contestId: row.contestId,
    wordCount: Number(row.wordCount),
    charCount: Number(row.charCount),
    contentWarnings: warningsOfMask(Number(row.contentWarnings)),
    contentWarningNote: row.contentWarningNote,
    tags: tagsOfNames(row.tagNames),
    permissions: storyPolicy.permissions(viewer, row),
  };
}

export function toStory(row: StoryTextRow, viewer: Viewer, reactions: ReactionSummary): Story {
  return { ...storyFields(row, viewer), content: row.content, body: row.content, reactions };
}

export function toSummary(row: StoryDbRow, viewer: Viewer): StorySummary {
  return { ...storyFields(row, viewer), preview: row.preview };
}

/** Counts of every reaction kind on a story, and which the viewer left. */
export async function reactionSummary(db: Db, storyId: string, viewerUid: string | null): Promise<ReactionSummary> {
  // One statement: each kind's count, and whether the viewer's is among them.
  const rows = await db
    .selectFrom('storyReactions')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when "uid" = ${viewerUid} then 1 else 0 end)`.as('mine')])
    .where('storyId', '=', storyId)
    .groupBy('kind')
    .execute();
  const summary: ReactionSummary = { counts: Object.fromEntries(REACTION_KINDS.map((k) => [k, 0])) as ReactionSummary['counts'], mine: [] };
  for (const row of rows) if (row.kind in summary.counts) summary.counts[row.kind as keyof ReactionSummary['counts']] = Number(row.n);
  summary.mine = REACTION_KINDS.filter((kind) => rows.some((row) => row.kind === kind && Number(row.mine) > 0));
  return summary;
}

/** Every story of the viewer's own, newest first, without the text: the table screen. */
export async function storyRowsOf(db: Db, viewer: SignedInViewer, cap: number): Promise<StoryRow[]> {
  const rows = await readableStories(db, viewer, { author: viewer.uid })
    .select(['s.id', 's.title', 's.public', 's.wordCount', 's.created_at', 's.likesCount', 's.commentsCount', 's.viewsCount'])
    .orderBy('s.seq', 'desc')
    .limit(cap)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    public: fromDbBool(r.public),
    wordCount: Number(r.wordCount),
    createdAt: r.created_at,
    likesCount: Number(r.likesCount),
    commentsCount: Number(r.commentsCount),
    viewsCount: Number(r.viewsCount),
  }));
}

/**
 * Reads a story inside a write transaction, locked until commit so a concurrent delete or
 * visibility change cannot slip between the permission check and the write. PostgreSQL
 * needs FOR UPDATE for that; SQLite transactions here begin IMMEDIATE (one writer at a
 * time), so the plain read is already protected and SQLite has no FOR UPDATE clause.
 */
export async function lockStory(trx: Db, dialect: Dialect, id: string): Promise<StoryTextRow | undefined> {
  return trx
    .selectFrom('stories')
    .select(STORY_COLUMNS)
    .where('id', '=', id)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/* Writes of a story's own row (service.ts, views.ts decide them). */

export async function insertStory(trx: Db, row: Insertable<StoriesTable>): Promise<void> {
  await trx.insertInto('stories').values(row).execute();
}

export async function updateStoryRow(trx: Db, id: string, changes: Updateable<StoriesTable>): Promise<void> {
  await trx.updateTable('stories').set(changes).where('id', '=', id).execute();
}

/** A story made public by hand keeps no schedule (scheduled-publishing owns the table; the Publish button clears it here). */
export async function clearPublishSchedule(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('storySchedules').where('storyId', '=', id).execute();
}

/** Words an unrevealed contest entry will count at the reveal. */
export async function addPendingWords(trx: Db, id: string, added: number): Promise<void> {
  await trx.updateTable('stories').set((eb) => ({ wordsPending: eb('wordsPending', '+', added) })).where('id', '=', id).execute();
}

/** What a story's `story.counts` event carries, as stored now. */
export function findStoryCounts(trx: Db, storyId: string) {
  return trx.selectFrom('stories').select(['uid', 'likesCount', 'commentsCount', 'public', 'contestId']).where('id', '=', storyId).executeTakeFirst();
}

/** Whether the reader's view of the story on that UTC day is already counted. */
export async function viewCounted(db: Db, storyId: string, viewerUid: string, day: string): Promise<boolean> {
  const seen = await db
    .selectFrom('storyViews')
    .select('day')
    .where('storyId', '=', storyId)
    .where('viewerUid', '=', viewerUid)
    .where('day', '=', day)
    .executeTakeFirst();
  return seen !== undefined;
}

/** The view's row, once per reader per story per day; answers whether it is new (the primary key makes a racing duplicate a no-op). */
export async function insertView(trx: Db, storyId: string, viewerUid: string, day: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('storyViews')
    .values({ storyId, viewerUid, day })
    .onConflict((oc) => oc.columns(['storyId', 'viewerUid', 'day']).doNothing())
    .returning('day')
    .execute();
  return inserted.length > 0;
}

/** One more view; answers the new count. */
export async function incrementViews(trx: Db, storyId: string): Promise<number> {
  const updated = await trx
    .updateTable('stories')
    .set((eb) => ({ viewsCount: eb('viewsCount', '+', 1) }))
    .where('id', '=', storyId)
    .returning('viewsCount')
    .executeTakeFirstOrThrow();
  return Number(updated.viewsCount);
}

/** The story seqs of a page written into the SQL as literals: the same text for every viewer of that page. */
export function seqListOf(seqs: number[]): RawBuilder<unknown> {
  return sql.join(seqs.map((seq) => sql.lit(seq)));
}

/** Which of the listed stories (seqListOf) the viewer may not read under the scope. */
export async function unreadableSeqs(db: Db, seqList: RawBuilder<unknown>, viewer: Viewer, scope: StoryScope): Promise<number[]> {
  const hidden = await sql<{ seq: number }>`select s.seq from stories as s where s.seq in (${seqList}) and not (${readableBy(viewer, scope)})`.execute(db);
  return hidden.rows.map((row) => row.seq);
}

/* A story's versions (versions.ts decides when one is kept and which go). */

/** When the story's newest version was replaced, if it has any. */
export function newestVersionOf(trx: Db, storyId: string) {
  return trx
    .selectFrom('storyVersions')
    .select('created_at')
    .where('storyId', '=', storyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVersion(trx: Db, row: Insertable<StoryVersionsTable>): Promise<void> {
  await trx.insertInto('storyVersions').values(row).execute();
}

export async function countVersions(trx: Db, storyId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('storyVersions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('storyId', '=', storyId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The ids of the story's `limit` oldest versions, never `spare`. */
export async function oldestVersionIds(trx: Db, storyId: string, limit: number, spare?: string): Promise<string[]> {
  const oldest = await trx
    .selectFrom('storyVersions')
    .select('id')
    .where('storyId', '=', storyId)
    .$if(spare !== undefined, (q) => q.where('id', '!=', spare!))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return oldest.map((v) => v.id);
}

export async function deleteVersions(trx: Db, ids: string[]): Promise<void> {
  await trx
    .deleteFrom('storyVersions')
    .where('id', 'in', ids)
    .execute();
}
