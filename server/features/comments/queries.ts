import { sql, type Insertable, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Comment } from '@common/stories/story';
import type { Database, RemoteRepliesTable, StoryCommentsTable } from '../../db/types';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { commentPolicy } from './policy';
import type { StoryFacts } from '../../policy/stories';
import type { Viewer } from '../../policy/viewer';
import { noBlockBetween } from '../../policy/relations';

type Db = Kysely<Database>;

const commentCursor = z.object({ k: z.literal('comments'), c: cursorField.time, i: cursorField.id });

/** A comment with its author's current name and avatar. */
function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('storyComments as c')
    .innerJoin('users as u', 'u.uid', 'c.uid')
    .select([
      'c.id',
      'c.storyId',
      'c.uid',
      'c.text',
      'c.created_at',
      'u.displayName',
      'u.name',
      'u.profileIcon',
      'u.profileImage',
      sql<string | null>`null`.as('handle'),
      sql<string | null>`null`.as('profileUrl'),
      sql<string | null>`null`.as('url'),
      sql<number>`0`.as('held'),
    ]);
}

/**
 * Replies from other servers (their `uid` is the account's actor URI), as comments. A held one
 * is the story's writer's to see; `forWriter` says whether the viewer is that writer.
 */
function remoteRepliesWithAuthors(db: Db, forWriter: boolean) {
  let q = db
    .selectFrom('remoteReplies as r')
    .innerJoin('remoteActors as a', 'a.uri', 'r.actorUri')
    .select([
      'r.id',
      'r.storyId',
      'r.actorUri as uid',
      'r.text',
      'r.created_at',
      'a.name as displayName',
      'a.name',
      sql<string>`''`.as('profileIcon'),
      'a.avatarUrl as profileImage',
      'a.handle',
      'a.url as profileUrl',
      'r.url',
      'r.held',
    ]);
  if (!forWriter) q = q.where('r.held', '=', 0);
  return q;
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithAuthors>['executeTakeFirstOrThrow']>>;

function toComment(row: CommentRow, viewer: Viewer, story: StoryFacts): Comment {
  const held = Number(row.held) === 1;
  return {
    id: row.id,
    storyId: row.storyId,
    uid: row.uid,
    text: row.text,
    createdAt: row.created_at,
    created_at: row.created_at,
    authorDisplayName: row.handle === null ? authorName(row) : row.displayName || row.handle,
    authorProfileIcon: row.profileIcon,
    authorProfileImage: row.profileImage,
    fediverse: row.handle === null ? null : { handle: row.handle, profileUrl: row.profileUrl, url: row.url },
    held,
    permissions: commentPolicy.permissions(viewer, { uid: row.uid, held }, story),
  };
}

/** The query behind a page of a story's comments, oldest first (the benchmark prints its plan). */
export function commentsPageQuery(db: Db, storyId: string, writerUid: string, viewer: Viewer, after: { c: string; i: string } | null, limit: number) {
  let local = commentsWithAuthors(db).where('c.storyId', '=', storyId);
  // Comments by a writer on the other side of a block are hidden, under anyone's story.
  if (viewer !== null) local = local.where(noBlockBetween(viewer.uid, 'c.uid'));
  // A suspended or deactivated writer's comments are hidden while they are; a deleted
  // one's stay, as "[deleted]", so the thread still reads. The story's count still includes them.
  local = local.where('u.suspendedAt', 'is', null).where('u.deactivatedAt', 'is', null);
  const remote = remoteRepliesWithAuthors(db, viewer !== null && viewer.uid === writerUid).where('r.storyId', '=', storyId);
  let q = db.selectFrom(local.unionAll(remote).as('t')).selectAll();
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('t.created_at', 't.id'), '>', tuple(after.c, after.i)));
  return q.orderBy('t.created_at', 'asc').orderBy('t.id', 'asc').limit(limit + 1);
}

/** A story's comments and replies from other servers, oldest first (a conversation reads top to bottom). */
export async function listComments(db: Db, storyId: string, story: StoryFacts, viewer: Viewer, cursor: string | undefined, limit: number) {
  const after = decodeCursor(commentCursor, cursor) ?? null;
  const rows = await commentsPageQuery(db, storyId, story.uid, viewer, after, limit).execute();
  const { items, nextCursor } = pageOf(rows, limit, (last) => encodeCursor({ k: 'comments', c: last.created_at, i: last.id }));
  return { comments: items.map((row) => toComment(row, viewer, story)), nextCursor };
}

export async function findComment(db: Db, id: string, viewer: Viewer, story: StoryFacts): Promise<Comment | null> {
  const row = (await commentsWithAuthors(db).where('c.id', '=', id).executeTakeFirst()) ?? (await remoteRepliesWithAuthors(db, true).where('r.id', '=', id).executeTakeFirst());
  return row ? toComment(row, viewer, story) : null;
}

/** A reply from another server on this story, as the delete and approve checks need it. */
export async function findRemoteReply(db: Db, storyId: string, id: string) {
  const row = await db.selectFrom('remoteReplies').select(['id', 'actorUri', 'held']).where('id', '=', id).where('storyId', '=', storyId).executeTakeFirst();
  return row ? { id: row.id, uid: row.actorUri, held: Number(row.held) === 1 } : undefined;
}

export async function insertComment(db: Db, row: Insertable<StoryCommentsTable>): Promise<void> {
  await db.insertInto('storyComments').values(row).execute();
}

/** The comment's id and author, when it is on this story. */
export function commentOnStory(db: Db, storyId: string, id: string) {
  return db.selectFrom('storyComments').select(['id', 'uid']).where('id', '=', id).where('storyId', '=', storyId).executeTakeFirst();
}

/** Deletes the comment: the rows really deleted (none or one). */
export function deleteCommentRow(db: Db, id: string) {
  return db.deleteFrom('storyComments').where('id', '=', id).returning('id').execute();
}

/** The story's commentsCount. */
export function commentsCountOf(db: Db, storyId: string) {
  return db.selectFrom('stories').select('commentsCount').where('id', '=', storyId).executeTakeFirstOrThrow();
}

/** Moves the story's commentsCount by `n` in the statement itself; the count after. */
export function shiftCommentsCount(db: Db, storyId: string, op: '+' | '-', n: number) {
  return db
    .updateTable('stories')
    .set((eb) => ({ commentsCount: eb('commentsCount', op, n) }))
    .where('id', '=', storyId)
    .returning('commentsCount')
    .executeTakeFirstOrThrow();
}

/** Adds `by` (1 or -1) to the story's commentsCount in the statement itself. */
export async function addToCommentsCount(db: Db, storyId: string, by: 1 | -1): Promise<void> {
  await db
    .updateTable('stories')
    .set((eb) => ({ commentsCount: eb('commentsCount', '+', by) }))
    .where('id', '=', storyId)
    .execute();
}

/** The reply from another server with this post id, if it is here. */
export function remoteReplyByUri(db: Db, uri: string) {
  return db.selectFrom('remoteReplies').select(['id', 'actorUri', 'storyId']).where('uri', '=', uri).executeTakeFirst();
}

/** Its author's edit of a reply. */
export async function updateRemoteReplyText(db: Db, id: string, edit: { text: string; url: string | null }, now: string): Promise<void> {
  await db.updateTable('remoteReplies').set({ text: edit.text, url: edit.url, updated_at: now }).where('id', '=', id).execute();
}

export async function insertRemoteReply(db: Db, row: Insertable<RemoteRepliesTable>): Promise<void> {
  await db.insertInto('remoteReplies').values(row).execute();
}

/** A held reply is held no longer; how many rows changed (1, or 0 when it was not held). */
export async function releaseHeldReply(db: Db, id: string): Promise<number> {
  const approved = await db.updateTable('remoteReplies').set({ held: 0 }).where('id', '=', id).where('held', '=', 1).executeTakeFirst();
  return Number(approved.numUpdatedRows);
}

/** Which replies from other servers to delete: every condition given must hold. */
export interface RemoteReplyMatch {
  ids?: readonly string[];
  uri?: string;
  actorUri?: string;
  actorUris?: readonly string[];
  onStoriesOf?: string;
}

/** Deletes the replies that match; the rows deleted, with their story and whether they were held. */
export function deleteRemoteReplies(db: Db, where: RemoteReplyMatch) {
  let q = db.deleteFrom('remoteReplies');
  if (where.ids) q = q.where('id', 'in', where.ids.length > 0 ? where.ids : ['']);
  if (where.uri !== undefined) q = q.where('uri', '=', where.uri);
  if (where.actorUri !== undefined) q = q.where('actorUri', '=', where.actorUri);
  if (where.onStoriesOf !== undefined) q = q.where('storyId', 'in', db.selectFrom('stories').select('id').where('uid', '=', where.onStoriesOf));
  if (where.actorUris) q = q.where('actorUri', 'in', where.actorUris.length > 0 ? where.actorUris : ['']);
  return q.returning(['id', 'storyId', 'held']).execute();
}
