import { COMMENT_NOT_FOUND, type Comment } from '@common/stories/story';
import { forbidden, notFound } from '../../http/errors';
import type { StoryFacts } from '../../policy/stories';
import { removableBy } from '../../policy/moderation';
import { assertSignedIn, own, type Viewer } from '../../policy/viewer';

/**
 * Who may do what with a comment. Reading comments is reading their story (storyPolicy
 * `read`); posting one is the story's `comment` action.
 *
 * - delete: own (the comment's author), or any comment on a story that is the viewer's own
 *   (a reply from another server has no author here: only the story's writer deletes it).
 * - approve: a reply from another server held for the story's writer (their "hold for my
 *   approval" setting, or its server silenced by the host): only that writer.
 *   No admin-any: an admin takes down someone else's comment with `remove` (moderation.ts
 *   `removableBy`, reported here; authorized by the moderation feature), which keeps a reason.
 * - A comment whose author and the viewer are separated by a block (either way; the `blocked`
 *   fact, relations.ts) does not exist for the viewer: 404 'Comment not found', and lists leave
 *   it out (comments/queries.ts).
 */
export { COMMENT_NOT_FOUND };

export type CommentPermissions = Comment['permissions'];
export type CommentAction = keyof CommentPermissions;

/** A comment as the rules see it: its author's uid (an actor URI for a reply from another server), and whether it is held. */
type CommentFacts = { uid: string; held?: boolean };

const rules: Record<CommentAction, (viewer: Viewer, comment: CommentFacts, story: StoryFacts) => boolean> = {
  delete: (viewer, comment, story) => own(viewer, comment) || own(viewer, story),
  remove: (viewer, comment) => removableBy(viewer, comment),
  approve: (viewer, comment, story) => comment.held === true && own(viewer, story),
};

const REFUSALS: Record<CommentAction, string> = {
  delete: 'You can delete only your own comments.',
  remove: 'Only admins can remove other people’s comments.',
  approve: 'Only the story’s writer can approve a held reply.',
};

export const commentPolicy = {
  can: (viewer: Viewer, action: CommentAction, comment: CommentFacts, story: StoryFacts): boolean => rules[action](viewer, comment, story),

  /** The `permissions` object every comment in the API carries. */
  permissions: (viewer: Viewer, comment: CommentFacts, story: StoryFacts): CommentPermissions => ({
    delete: rules.delete(viewer, comment, story),
    remove: rules.remove(viewer, comment, story),
    approve: rules.approve(viewer, comment, story),
  }),
};

/**
 * For a comment on a story the viewer may read (authorize the story first): 404 when the
 * comment is missing, 401 for a guest, 403 when the viewer may not do `action`.
 */
export function authorizeComment<C extends CommentFacts & { blocked?: boolean }>(
  viewer: Viewer,
  action: CommentAction,
  comment: C | null | undefined,
  story: StoryFacts,
): asserts comment is C {
  if (!comment || comment.blocked === true) throw notFound(COMMENT_NOT_FOUND);
  assertSignedIn(viewer);
  if (!rules[action](viewer, comment, story)) throw forbidden(REFUSALS[action]);
}
