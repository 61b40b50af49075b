import type { Selectable } from 'kysely';
import type { StoriesTable } from './types';

/*
 * The stories table's columns as the app reads them: the story page, and every list (the
 * stories' own, the feed's). Here, below the features, so a feature reading story rows needs
 * no import of the stories feature, which imports it back.
 */

/** The columns a story and its summary share. */
const COMMON_COLUMNS = [
  'seq', 'id', 'uid', 'title', 'public', 'likesCount', 'commentsCount', 'viewsCount', 'wordCount', 'charCount',
  'created_at', 'updated_at', 'madePublicAt', 'publishedAt', 'madePrivateAt', 'promptGenre', 'promptTheme', 'promptTwist',
  'authorDisplayName', 'authorProfileIcon', 'authorProfileColor', 'authorProfileImage', 'authorState', 'promptDay',
  'contentWarnings', 'contentWarningNote', 'tagNames', 'contestId',
] as const satisfies ReadonlyArray<keyof StoriesTable>;

/** A whole story row, named: PostgreSQL also keeps a search vector no one should fetch. */
export const STORY_COLUMNS = [...COMMON_COLUMNS, 'content'] as const;

/** What a list needs of a story: the stored preview, never the text. */
export const SUMMARY_COLUMNS = [...COMMON_COLUMNS, 'preview'] as const;

/** The summary columns of the row aliased `s`: every story list selects these. */
export const S_STORY_COLUMNS = SUMMARY_COLUMNS.map((c) => `s.${c}` as const);

type Row<C extends keyof StoriesTable> = Pick<Selectable<StoriesTable>, C>;
/** A story row as the story page reads it, with its text. */
export type StoryTextRow = Row<(typeof STORY_COLUMNS)[number]>;
/** A story row as every list reads it (S_STORY_COLUMNS). */
export type StoryDbRow = Row<(typeof SUMMARY_COLUMNS)[number]>;
/** What a story and its summary rows both have. */
export type CommonRow = Row<(typeof COMMON_COLUMNS)[number]>;
