// Stories' limits, reactions, sorts and texts, without zod: the screens people land on read them without building schemas.
// common/stories/story.ts holds the schemas and re-exports all of this (docs/decisions/0049).

/** Limits the editor, the comment box and the server all enforce. */
export const STORY_TITLE_MAX = 120;
export const STORY_TEXT_MAX = 10_000;
export const COMMENT_MAX = 1_000;
export const SEARCH_QUERY_MAX = 100;
export const STORY_PAGE_SIZE = 20;
export const STORY_PAGE_MAX = 50;
export const COMMENT_PAGE_SIZE = 50;

/**
 * The reactions a reader can leave on a public story: each toggled once per reader.
 * `likesCount` is the number of reactions of every kind.
 */
export const REACTIONS = [
  { kind: 'heart', emoji: '❤️', label: 'Love' },
  { kind: 'fire', emoji: '🔥', label: 'Gripping' },
  { kind: 'laugh', emoji: '😂', label: 'Funny' },
  { kind: 'wow', emoji: '😮', label: 'Surprising' },
  { kind: 'sad', emoji: '😢', label: 'Moving' },
  { kind: 'clap', emoji: '👏', label: 'Well crafted' },
] as const;
export const REACTION_KINDS = ['heart', 'fire', 'laugh', 'wow', 'sad', 'clap'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const STORY_SORTS = ['newest', 'liked'] as const;
export type StorySort = (typeof STORY_SORTS)[number];
export const VISIBILITY_FILTERS = ['all', 'public', 'private'] as const;
export type VisibilityFilter = (typeof VISIBILITY_FILTERS)[number];

export const STORY_NOT_FOUND = 'Story not found';
export const COMMENT_NOT_FOUND = 'Comment not found';

/** User ids are better-auth's random ids. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
