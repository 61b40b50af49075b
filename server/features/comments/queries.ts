import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Comment } from '@common/story';
import type { Database } from '../../db/types';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { commentPolicy } from '../../policy/comments';
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
    .select(['c.id', 'c.storyId', 'c.uid', 'c.text', 'c.created_at', 'u.displayName', 'u.name', 'u.profileIcon', 'u.profileImage']);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithAuthors>['executeTakeFirstOrThrow']>>;

function toComment(row: CommentRow, viewer: Viewer, story: StoryFacts): Comment {
  return {
    id: row.id,
    storyId: row.storyId,
    uid: row.uid,
    text: row.text,
    createdAt: row.created_at,
    created_at: row.created_at,
    authorDisplayName: authorName(row),
    authorProfileIcon: row.profileIcon,
    authorProfileImage: row.profileImage,
    permissions: commentPolicy.permissions(viewer, row, story),
  };
}

/** The query behind a page of a story's comments, oldest first (the benchmark prints its plan). */
export function commentsPageQuery(db: Db, storyId: string, viewer: Viewer, after: { c: string; i: string } | null, limit: number) {
  let q = commentsWithAuthors(db).where('c.storyId', '=', storyId);
  // Comments by a writer on the other side of a block are hidden, under anyone's story.
  if (viewer !== null) q = q.where(noBlockBetween(viewer.uid, 'c.uid'));
  // A suspended or deactivated writer's comments are hidden while they are; a deleted
  // one's stay, as "[deleted]", so the thread still reads. The story's count still includes them.
  q = q.where('u.suspendedAt', 'is', null).where('u.deactivatedAt', 'is', null);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('c.created_at', 'c.id'), '>', tuple(after.c, after.i)));
  return q.orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').limit(limit + 1);
}

/** A story's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(db: Db, storyId: string, story: StoryFacts, viewer: Viewer, cursor: string | undefined, limit: number) {
  const after = decodeCursor(commentCursor, cursor) ?? null;
  const rows = await commentsPageQuery(db, storyId, viewer, after, limit).execute();
  const { items, nextCursor } = pageOf(rows, limit, (last) => encodeCursor({ k: 'comments', c: last.created_at, i: last.id }));
  return { comments: items.map((row) => toComment(row, viewer, story)), nextCursor };
}

export async function findComment(db: Db, id: string, viewer: Viewer, story: StoryFacts): Promise<Comment | null> {
  const row = await commentsWithAuthors(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toComment(row, viewer, story) : null;
}
