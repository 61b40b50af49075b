import type { Prompt } from '@common/prompts/prompts';
import { warningMask, type ContentWarning } from '@common/stories/content-warnings';
import { countChars, countWords, storyPreview } from '@common/stories/words';

/** The columns kept from the text, written whenever it is: lists read these, never the text. */
export function textColumns(content: string) {
  return { content, wordCount: countWords(content), charCount: countChars(content), preview: storyPreview(content) };
}

/** A story's prompt as its three columns (all null without one). */
export function promptColumns(prompt: Prompt | null | undefined) {
  return { promptGenre: prompt?.genre ?? null, promptTheme: prompt?.theme ?? null, promptTwist: prompt?.twist ?? null };
}

/** A story's warnings as their two columns (only the fields given: an edit may change one). */
export function warningColumns(input: { contentWarnings?: readonly ContentWarning[]; contentWarningNote?: string | null }) {
  return {
    ...(input.contentWarnings !== undefined ? { contentWarnings: warningMask(input.contentWarnings) } : {}),
    ...(input.contentWarningNote !== undefined ? { contentWarningNote: input.contentWarningNote } : {}),
  };
}
