import { STORY_NOT_FOUND, type StoryPermissions } from '@common/stories/story';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { CONTEST_TEXTS } from '@common/contests/contests';
import type { DbBool } from '../db/types';
import { fromDbBool } from '../db/bool';
import { forbidden, notFound } from '../http/errors';
import { removableBy } from './moderation';
import { assertSignedIn, own, signedIn, type Viewer } from './viewer';

/**
 * Who may do what with a story. The API sends the answers (`permissions`) with every story
 * so the UI shows exactly the controls the server allows; lists ask the same question in
 * SQL through `readableStories` (readable-stories.ts), which must agree with `read` here.
 *
 * - read: any reader (guests too) of a public story; own for a private one. To everyone
 *   else a private story does not exist: 404 'Story not found', as for an unknown id.
 * - edit, delete, changeVisibility: own. No admin-any: not even admins rewrite or remove
 *   other people's stories.
 * - versions (the story's earlier texts: list, read, restore): own, admins included; a
 *   reader of a public story is refused (403), everyone else finds no story (404).
 * - react, comment: any signed-in reader, on public stories only (own included), and not on an
 *   anonymous contest entry until its results are out.
 * - favorite: any signed-in reader of someone else's story they may read; never the author
 *   (their own stories are on My Stories already).
 * - remove: admin-any but not own (moderation.ts `removableBy`), on a story they may read: an
 *   admin takes down someone else's story with a reason, through the moderation
 *   feature, never `delete`. From the user's page that feature lets them remove private ones too.
 * - A suspended or deactivated author's stories (authorState hidden) are 'Story not found' to everyone else.
 * - A block either way between the viewer and the author (the `blocked` fact, relations.ts)
 *   makes the story not exist for the viewer, so every action is 404 'Story not found'; except
 *   an anonymous contest entry, which everyone reads alike until the results are out (a 404
 *   only for the people its writer blocked would tell them whose it is).
 */
export { STORY_NOT_FOUND };

/** What the rules look at: a stories row will do (`public` as stored, 0/1, or a boolean). */
export interface StoryFacts {
  uid: string;
  public: boolean | DbBool;
  /** A block stands either way between the viewer and the author (withBlockFact); absent: none. */
  blocked?: boolean;
  /** The author's state (stories.authorState): a suspended or deactivated writer's stories exist for no one else. */
  authorState: number;
  /** The contest the story is an anonymous entry of: no reactions or comments until its results are out. */
  contestId?: string | null;
}

export type StoryAction = 'read' | 'versions' | keyof StoryPermissions;

const isPublic = (story: StoryFacts) => fromDbBool(story.public);
const shown = (story: StoryFacts) => isPublic(story) && story.authorState < AUTHOR_STATE.hidden;
/** An entry of a contest whose results are not out: shown without its author, to everyone alike. */
const anonymousEntry = (story: StoryFacts) => isPublic(story) && Boolean(story.contestId);
// A block does not hide an anonymous entry: a 404 for the blocked reader alone would name its writer.
const read = (viewer: Viewer, story: StoryFacts) => (story.blocked !== true || anonymousEntry(story)) && (shown(story) || own(viewer, story));

const openForTalk = (story: StoryFacts) => isPublic(story) && !story.contestId;

const rules: Record<StoryAction, (viewer: Viewer, story: StoryFacts) => boolean> = {
  read,
  edit: own,
  delete: own,
  changeVisibility: own,
  versions: own,
  react: (viewer, story) => signedIn(viewer) && openForTalk(story) && read(viewer, story),
  comment: (viewer, story) => signedIn(viewer) && openForTalk(story) && read(viewer, story),
  favorite: (viewer, story) => signedIn(viewer) && !own(viewer, story) && read(viewer, story),
  // The story page's control; the moderation feature authorizes the removal itself
  // (authorizeContentRemoval), and from the user's page an admin may remove private stories too.
  remove: (viewer, story) => read(viewer, story) && removableBy(viewer, story),
};

const REFUSALS: Record<Exclude<StoryAction, 'read'>, string> = {
  edit: 'Only the author can edit this story.',
  delete: 'Only the author can delete this story.',
  changeVisibility: 'Only the author can change who sees this story.',
  versions: 'Only the author can see this story’s versions.',
  react: 'Reactions are open on public stories only.',
  comment: 'Comments are open on public stories only.',
  favorite: 'You cannot favorite your own story.',
  remove: 'Only admins can remove other people’s stories.',
};

export const storyPolicy = {
  can: (viewer: Viewer, action: StoryAction, story: StoryFacts): boolean => rules[action](viewer, story),

  /** The `permissions` object every story in the API carries. */
  permissions: (viewer: Viewer, story: StoryFacts): StoryPermissions => ({
    edit: rules.edit(viewer, story),
    delete: rules.delete(viewer, story),
    changeVisibility: rules.changeVisibility(viewer, story),
    react: rules.react(viewer, story),
    comment: rules.comment(viewer, story),
    favorite: rules.favorite(viewer, story),
    remove: rules.remove(viewer, story),
  }),
};

/**
 * 404 when the story is missing or the viewer may not read it; 401 for a guest and 403 for
 * a reader when they may not do `action`. Afterwards the caller's row is known to exist.
 */
export function authorizeStory<S extends StoryFacts>(viewer: Viewer, action: StoryAction, story: S | null | undefined): asserts story is S {
  if (!story || !read(viewer, story)) throw notFound(STORY_NOT_FOUND);
  if (action === 'read') return;
  assertSignedIn(viewer);
  if (!rules[action](viewer, story)) throw forbidden((action === 'react' || action === 'comment') && story.contestId ? CONTEST_TEXTS.closedForComments : REFUSALS[action]);
}
