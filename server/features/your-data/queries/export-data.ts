import type { Kysely } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import type { Database } from '../../../db/types';
import { conversationPolicy } from '../../../policy/messages';
import { readableBy } from '../../../policy/readable-stories';
import type { SignedInViewer } from '../../../policy/viewer';
import { authorName } from '../../../shared/author';
import { keysetPages } from '../../../shared/keyset';

/**
 * The rows of an export, read in keyset pages (never a whole table of someone's data at once)
 * and shaped as the files show them: stories by title with links, other people by name, never
 * their uid's email. Each reader is an async generator the zip writer drains page by page.
 */

type Db = Kysely<Database>;
export const EXPORT_PAGE = 500;

/** Pages of `fetch(after)` until a short one: `after` is the previous page's last row. */
const keyset = <R>(fetch: (after: R | null) => Promise<R[]>): AsyncGenerator<R> => keysetPages(EXPORT_PAGE, fetch);

/** How a person is named in someone else's export: their display name, or "Deleted user". */
export function personName(user: { displayName: string | null; name: string; deletedAt: string | null } | undefined): string {
  if (!user || user.deletedAt) return YOUR_DATA_TEXTS.deletedUser;
  return authorName(user);
}

export const STORY_EXPORT_COLUMNS = [
  'seq', 'id', 'title', 'content', 'public', 'created_at', 'updated_at', 'madePublicAt', 'promptGenre', 'promptTheme', 'promptTwist',
  'wordCount', 'charCount', 'likesCount', 'commentsCount', 'viewsCount', 'contentWarnings', 'contentWarningNote', 'tagNames',
] as const;

export function storiesOf(db: Db, uid: string) {
  return keyset((after: { seq: number } | null) => {
    let q = db.selectFrom('stories').select(STORY_EXPORT_COLUMNS).where('uid', '=', uid);
    if (after) q = q.where('seq', '>', after.seq);
    return q.orderBy('seq').limit(EXPORT_PAGE).execute();
  });
}
export type ExportStoryRow = Awaited<ReturnType<typeof storiesOf>> extends AsyncGenerator<infer R> ? R : never;

/*
 * Comments, reactions and favourites join a story only as the reader may read it now
 * (readableBy): one made private, deleted, hidden or behind a block since is joined as nothing
 * (`readableId` null), and the files say "a story that is no longer available" beside what the
 * reader wrote.
 */
export function commentsOf(db: Db, viewer: SignedInViewer) {
  const uid = viewer.uid;
  return keyset((after: { created_at: string; id: string } | null) => {
    let q = db
      .selectFrom('storyComments as c')
      .leftJoin('stories as s', (join) => join.onRef('s.id', '=', 'c.storyId').on(readableBy(viewer)))
      .select(['c.id', 'c.storyId', 'c.text', 'c.created_at', 's.id as readableId', 's.title as storyTitle'])
      .where('c.uid', '=', uid);
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('c.created_at', 'c.id'), '>', tuple(after.created_at, after.id)));
    return q.orderBy('c.created_at').orderBy('c.id').limit(EXPORT_PAGE).execute();
  });
}

export function reactionsOf(db: Db, viewer: SignedInViewer) {
  const uid = viewer.uid;
  return keyset((after: { storyId: string; kind: string } | null) => {
    let q = db
      .selectFrom('storyReactions as r')
      .leftJoin('stories as s', (join) => join.onRef('s.id', '=', 'r.storyId').on(readableBy(viewer)))
      .select(['r.storyId', 'r.kind', 'r.created_at', 's.id as readableId', 's.title as storyTitle'])
      .where('r.uid', '=', uid);
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('r.storyId', 'r.kind'), '>', tuple(after.storyId, after.kind)));
    return q.orderBy('r.storyId').orderBy('r.kind').limit(EXPORT_PAGE).execute();
  });
}

export function favoritesOf(db: Db, viewer: SignedInViewer) {
  const uid = viewer.uid;
  return keyset((after: { created_at: string; storyId: string } | null) => {
    let q = db
      .selectFrom('userFavorites as f')
      .leftJoin('stories as s', (join) => join.onRef('s.id', '=', 'f.storyId').on(readableBy(viewer)))
      .select(['f.storyId', 'f.created_at', 's.id as readableId', 's.title as storyTitle', 's.authorDisplayName'])
      .where('f.uid', '=', uid);
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('f.created_at', 'f.storyId'), '>', tuple(after.created_at, after.storyId)));
    return q.orderBy('f.created_at').orderBy('f.storyId').limit(EXPORT_PAGE).execute();
  });
}

/**
 * The reader's reading lists, Read later first, each with its entries: a list holds at most
 * READING_LIST_ENTRIES_MAX, so one list's entries are read at once.
 */
export async function* readingListsOf(db: Db, viewer: SignedInViewer) {
  const lists = await db
    .selectFrom('readingLists')
    .select(['id', 'title', 'readLater', 'public', 'created_at'])
    .where('uid', '=', viewer.uid)
    .orderBy('readLater', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const list of lists) {
    const entries = await db
      .selectFrom('readingListEntries as e')
      .leftJoin('stories as s', (join) => join.onRef('s.id', '=', 'e.storyId').on(readableBy(viewer)))
      .select(['e.storyId', 'e.note', 'e.created_at', 's.id as readableId', 's.title as storyTitle', 's.authorDisplayName'])
      .where('e.listId', '=', list.id)
      .orderBy('e.created_at')
      .orderBy('e.storyId')
      .execute();
    yield { ...list, entries };
  }
}

const PERSON_COLUMNS = ['u.displayName', 'u.name', 'u.deletedAt'] as const;

export interface RelationRow {
  other: string;
  created_at: string;
  displayName: string | null;
  name: string | null;
  deletedAt: string | null;
  until?: string | null;
}

/** Following, followers, blocks and mutes: the other person and since when, keyset on their uid. */
export function relationsOf(db: Db, uid: string, kind: 'following' | 'followers' | 'blocks' | 'mutes'): AsyncGenerator<RelationRow> {
  return keyset(async (after: RelationRow | null) => {
    const page = (q: ReturnType<typeof base>) => (after ? q.where('other', '>', after.other) : q).orderBy('other').limit(EXPORT_PAGE).execute();
    const base = () => db.selectFrom(sub().as('r')).leftJoin('users as u', 'u.uid', 'r.other').select(['r.other', 'r.created_at', 'r.until', ...PERSON_COLUMNS]);
    const sub = () => {
      switch (kind) {
        case 'following':
          return db.selectFrom('follows').select(['followeeUid as other', 'created_at', (eb) => eb.val<string | null>(null).as('until')]).where('followerUid', '=', uid);
        case 'followers':
          return db.selectFrom('follows').select(['followerUid as other', 'created_at', (eb) => eb.val<string | null>(null).as('until')]).where('followeeUid', '=', uid);
        case 'blocks':
          return db.selectFrom('blocks').select(['blockedUid as other', 'created_at', (eb) => eb.val<string | null>(null).as('until')]).where('blockerUid', '=', uid);
        case 'mutes':
          return db.selectFrom('mutes').select(['mutedUid as other', 'created_at', 'until']).where('muterUid', '=', uid);
      }
    };
    return page(base());
  });
}

export function writingDaysOf(db: Db, uid: string) {
  return keyset((after: { day: string } | null) => {
    let q = db.selectFrom('writingDays').select(['day', 'words']).where('uid', '=', uid);
    if (after) q = q.where('day', '>', after.day);
    return q.orderBy('day').limit(EXPORT_PAGE).execute();
  });
}

/** The badges earned, in the order they were earned (a writer has at most a handful). */
export async function* badgesOf(db: Db, uid: string) {
  yield* await db.selectFrom('userBadges').select(['badge', 'earnedAt']).where('uid', '=', uid).orderBy('earnedAt').orderBy('badge').execute();
}

/** The personal challenges, oldest first. */
export async function* challengesOf(db: Db, uid: string) {
  yield* await db.selectFrom('challenges').select(['words', 'days', 'startDay', 'endDay', 'abandonedAt']).where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
}

/** The writer's series (at most SERIES_PER_WRITER_MAX), oldest first, each with its stories' ids and titles in order. */
export async function* seriesOf(db: Db, uid: string) {
  const series = await db.selectFrom('series').select(['id', 'title', 'description', 'created_at']).where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
  for (const s of series) {
    const parts = await db
      .selectFrom('seriesStories as ss')
      .innerJoin('stories as st', 'st.id', 'ss.storyId')
      .select(['st.id', 'st.title'])
      .where('ss.seriesId', '=', s.id)
      .orderBy('ss.position')
      .execute();
    yield { ...s, parts };
  }
}

/**
 * The anthologies the person opened, co-edits, follows or has a story in (accepted or waiting),
 * oldest first, each with their part in it and their own stories there.
 */
export async function* anthologiesOf(db: Db, uid: string) {
  const rows = await db
    .selectFrom('anthologies as a')
    .select(['a.id', 'a.uid', 'a.title', 'a.description', 'a.rules', 'a.created_at'])
    .where((eb) =>
      eb.or([
        eb('a.uid', '=', uid),
        eb('a.id', 'in', eb.selectFrom('anthologyEditors').select('anthologyId').where('uid', '=', uid)),
        eb('a.id', 'in', eb.selectFrom('anthologyFollows').select('anthologyId').where('uid', '=', uid)),
        eb('a.id', 'in', eb.selectFrom('anthologyStories as x').innerJoin('stories as s', 's.id', 'x.storyId').select('x.anthologyId').where('s.uid', '=', uid)),
      ]),
    )
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  for (const a of rows) {
    const [coEditing, following, stories] = await Promise.all([
      db.selectFrom('anthologyEditors').select('uid').where('anthologyId', '=', a.id).where('uid', '=', uid).executeTakeFirst(),
      db.selectFrom('anthologyFollows').select('uid').where('anthologyId', '=', a.id).where('uid', '=', uid).executeTakeFirst(),
      db
        .selectFrom('anthologyStories as x')
        .innerJoin('stories as s', 's.id', 'x.storyId')
        .select(['s.id', 's.title', 'x.status'])
        .where('x.anthologyId', '=', a.id)
        .where('s.uid', '=', uid)
        .orderBy('x.addedAt')
        .orderBy('s.id')
        .execute(),
    ]);
    yield { ...a, role: a.uid === uid ? ('opened' as const) : coEditing ? ('co-editor' as const) : null, following: following !== undefined, stories };
  }
}

export interface ExportedConversation {
  with: string[];
  status: string;
  started: string;
  messages: Array<{ from: string; text: string; sent: string; edited: string | null }>;
}

/**
 * A conversation's status as its reader may know it: a sender's request waits, declined or not
 * (the app never says; conversationPolicy.state), so it is "pending" for them.
 */
function statusFor(uid: string, conversation: { status: string; createdBy: string | null }, participants: string[]): string {
  const state = conversationPolicy.state({ uid, admin: false }, { type: 'direct', participants, status: conversation.status, createdBy: conversation.createdBy });
  return state === 'pending' ? 'pending' : conversation.status;
}

/** The person's direct conversations, others by name; messages deleted for everyone say so, those deleted for them alone are left out. */
export async function* conversationsOf(db: Db, uid: string): AsyncGenerator<ExportedConversation> {
  const conversations = keyset((after: { id: string } | null) => {
    let q = db
      .selectFrom('conversationParticipants as p')
      .innerJoin('conversations as c', 'c.id', 'p.conversationId')
      .select(['c.id', 'c.status', 'c.createdBy', 'c.created_at'])
      .where('p.uid', '=', uid)
      .where('c.type', '=', 'direct');
    if (after) q = q.where('c.id', '>', after.id);
    return q.orderBy('c.id').limit(EXPORT_PAGE).execute();
  });
  for await (const conversation of conversations) {
    const people = await db
      .selectFrom('conversationParticipants as p')
      .leftJoin('users as u', 'u.uid', 'p.uid')
      .select(['p.uid', ...PERSON_COLUMNS])
      .where('p.conversationId', '=', conversation.id)
      .execute();
    const names = new Map(people.map((p) => [p.uid, personName(p.name === null ? undefined : { ...p, name: p.name })]));
    const messages: ExportedConversation['messages'] = [];
    const rows = keyset((after: { created_at: string; id: string } | null) => {
      let q = db
        .selectFrom('conversationMessages as m')
        .leftJoin('conversationMessageHides as h', (join) => join.onRef('h.messageId', '=', 'm.id').on('h.uid', '=', uid))
        .select(['m.id', 'm.from', 'm.text', 'm.created_at', 'm.editedAt', 'm.deletedAt'])
        .where('m.conversationId', '=', conversation.id)
        .where('h.messageId', 'is', null);
      if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('m.created_at', 'm.id'), '>', tuple(after.created_at, after.id)));
      return q.orderBy('m.created_at').orderBy('m.id').limit(EXPORT_PAGE).execute();
    });
    for await (const m of rows) {
      messages.push({
        from: m.from === uid ? 'You' : (names.get(m.from) ?? YOUR_DATA_TEXTS.deletedUser),
        text: m.deletedAt ? MESSAGE_TEXTS.deleted : m.text,
        sent: m.created_at,
        edited: m.deletedAt ? null : m.editedAt,
      });
    }
    yield {
      with: people.filter((p) => p.uid !== uid).map((p) => names.get(p.uid) ?? YOUR_DATA_TEXTS.deletedUser),
      status: statusFor(uid, conversation, people.map((p) => p.uid)),
      started: conversation.created_at,
      messages,
    };
  }
}

export interface ExportedFeatureRequest {
  text: string;
  status: string;
  created: string;
  responses: Array<{ from: string; text: string; created: string }>;
}

export async function* featureRequestsOf(db: Db, uid: string): AsyncGenerator<ExportedFeatureRequest> {
  const requests = keyset((after: { created_at: string; id: string } | null) => {
    let q = db.selectFrom('featureRequests').select(['id', 'text', 'status', 'created_at']).where('userUid', '=', uid);
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '>', tuple(after.created_at, after.id)));
    return q.orderBy('created_at').orderBy('id').limit(EXPORT_PAGE).execute();
  });
  for await (const request of requests) {
    const responses = await db
      .selectFrom('featureRequestResponses')
      .select(['fromType', 'text', 'created_at'])
      .where('featureRequestId', '=', request.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    yield {
      text: request.text,
      status: request.status,
      created: request.created_at,
      responses: responses.map((r) => ({ from: r.fromType === 'admin' ? 'Drabble team' : 'You', text: r.text, created: r.created_at })),
    };
  }
}
