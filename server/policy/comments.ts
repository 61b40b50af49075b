import type { Comment } from '@common/story';
import { forbidden, notFound } from '../http/errors';
import type { StoryFacts } from './stories';
import { removableBy } from './moderation';
import { assertSignedIn, own, type Viewer } from './viewer';

/**
 * Who may do what with a comment. Reading comments is reading their story (storyPolicy
 * `read`); posting one is the story's `comment` action.
 *
 * - delete: own (the comment's author), or any comment on a story that is the viewer's own.
 *   No admin-any: an admin takes down someone else's comment with `remove` (moderation.ts
 *   `removableBy`, reported here; authorized by the moderation feature), which keeps a reason.
 * - A comment whose author and the viewer are separated by a block (either way; the `blocked`
 *   fact, relations.ts) does not exist for the viewer: 404 'Comment not found', and lists leave
 *   it out (comments/queries.ts).
 */
export const COMMENT_NOT_FOUND = 'Comment not found';

export type CommentPermissions = Comment['permissions'];
export type CommentAction = keyof CommentPermissions;

const rules: Record<CommentAction, (viewer: Viewer, comment: { uid: string }, story: StoryFacts) => boolean> = {
  delete: (viewer, comment, story) => own(viewer, comment) || own(viewer, story),
  remove: (viewer, comment) => removableBy(viewer, comment),
};

const REFUSALS: Record<CommentAction, string> = {
  delete: 'You can delete only your own comments.',
  remove: 'Only admins can remove other people’s comments.',
};

export const commentPolicy = {
  can: (viewer: Viewer, action: CommentAction, comment: { uid: string }, story: StoryFacts): boolean => rules[action](viewer, comment, story),

  /** The `permissions` object every comment in the API carries. */
  permissions: (viewer: Viewer, comment: { uid: string }, story: StoryFacts): CommentPermissions => ({
    delete: rules.delete(viewer, comment, story),
    remove: rules.remove(viewer, comment, story),
  }),
};

/**
 * For a comment on a story the viewer may read (authorize the story first): 404 when the
 * comment is missing, 401 for a guest, 403 when the viewer may not do `action`.
 */
export function authorizeComment<C extends { uid: string; blocked?: boolean }>(
  viewer: Viewer,
  action: CommentAction,
  comment: C | null | undefined,
  story: StoryFacts,
): asserts comment is C {
  if (!comment || comment.blocked === true) throw notFound(COMMENT_NOT_FOUND);
  assertSignedIn(viewer);
  if (!rules[action](viewer, comment, story)) throw forbidden(REFUSALS[action]);
}
