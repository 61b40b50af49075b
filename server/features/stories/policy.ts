import type { StoryPermissions } from '@common/story';
import { forbidden, notFound } from '../../http/errors';

/**
 * Who may do what with a story: the one place these rules live. The API sends the result
 * (`permissions`) with every story so the UI shows exactly the controls the server allows.
 *
 * - own: the viewer wrote the story. Editing, deleting and changing visibility are own-only;
 *   there is no "any" (not even admins rewrite other people's stories).
 * - A private story exists only for its author: to everyone else it is "Story not found",
 *   the same answer as for a story that never existed.
 * - Reactions and comments: any signed-in reader, on public stories only.
 * - Favourites: any signed-in reader of a story they can read (own private ones included).
 */
export const STORY_NOT_FOUND = 'Story not found';

export interface StoryFacts {
  uid: string;
  public: boolean;
}

export type Viewer = { uid: string } | null;

export type StoryAction = keyof StoryPermissions | 'read';

const own = (viewer: Viewer, story: StoryFacts) => viewer !== null && viewer.uid === story.uid;

export const storyPolicy: Record<StoryAction, (viewer: Viewer, story: StoryFacts) => boolean> = {
  read: (viewer, story) => story.public || own(viewer, story),
  edit: own,
  delete: own,
  changeVisibility: own,
  react: (viewer, story) => viewer !== null && story.public,
  comment: (viewer, story) => viewer !== null && story.public,
  favorite: (viewer, story) => viewer !== null && (story.public || own(viewer, story)),
};

export function storyPermissions(viewer: Viewer, story: StoryFacts): StoryPermissions {
  return {
    edit: storyPolicy.edit(viewer, story),
    delete: storyPolicy.delete(viewer, story),
    changeVisibility: storyPolicy.changeVisibility(viewer, story),
    react: storyPolicy.react(viewer, story),
    comment: storyPolicy.comment(viewer, story),
    favorite: storyPolicy.favorite(viewer, story),
  };
}

const REFUSALS: Record<keyof StoryPermissions, string> = {
  edit: 'Only the author can edit this story.',
  delete: 'Only the author can delete this story.',
  changeVisibility: 'Only the author can change who sees this story.',
  react: 'Reactions are open on public stories only.',
  comment: 'Comments are open on public stories only.',
  favorite: 'You cannot favourite this story.',
};

/** Throws 404 when the viewer cannot see the story at all, 403 when they see it but may not act. */
export function authorizeStory(action: StoryAction, viewer: Viewer, story: StoryFacts | undefined | null): asserts story is StoryFacts {
  if (!story || !storyPolicy.read(viewer, story)) throw notFound(STORY_NOT_FOUND);
  if (action !== 'read' && !storyPolicy[action](viewer, story)) throw forbidden(REFUSALS[action]);
}

/** Comments: an author deletes their own; a story's author deletes any on their story. */
export const commentPolicy = {
  delete: (viewer: Viewer, comment: { uid: string }, story: StoryFacts) =>
    viewer !== null && (viewer.uid === comment.uid || viewer.uid === story.uid),
};
