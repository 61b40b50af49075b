import { type PromptInput } from '@common/prompts/prompts';
import { promptForDay, samePrompt, type DayKey } from '@common/prompts/rules';
import { storyContracts } from '@common/stories/contract';
import { savedStorySchema, storyTextSchema, titleSchema, type StoryCreateInput, type StoryUpdateInput } from '@common/stories/story';
import { countWords } from '@common/stories/words';
import { contentWarningNoteSchema } from '@common/stories/content-warnings';
import { CONTENT_WARNING_TEXTS } from '@common/stories/content-warning-rules';
import type { z } from 'zod';
import { callRoute } from '../../../lib/call-route';
import { browserTimeZone } from '../api/progress';
import type { DraftFields } from './draft';

export { savedStorySchema };
export type SavedStory = z.infer<typeof savedStorySchema>;

/** What is wrong with each field, in the words the server would use; an empty object when nothing is. */
export interface FormProblems {
  title?: string;
  content?: string;
  contentWarningNote?: string;
}

/**
 * Every problem with the title and the text at once, each for its own field. (The prompt
 * comes from the picker or the saved story, so it is not re-checked.)
 */
export function formProblems(fields: Pick<DraftFields, 'title' | 'content'> & Partial<Pick<DraftFields, 'contentWarningNote'>>): FormProblems {
  const title = titleSchema.safeParse(fields.title);
  const text = storyTextSchema.safeParse(fields.content);
  const note = contentWarningNoteSchema.safeParse(fields.contentWarningNote ?? '');
  return {
    ...(title.success ? {} : { title: title.error.issues[0]?.message ?? 'Please check the title.' }),
    ...(text.success ? {} : { content: text.error.issues[0]?.message ?? 'Please check your story.' }),
    ...(note.success ? {} : { contentWarningNote: note.error.issues[0]?.message ?? CONTENT_WARNING_TEXTS.noteTooLong }),
  };
}

/** The words a save would keep: none while the text could not be saved (too long, blank, refused characters). */
export function savableWordCount(content: string): number {
  const text = storyTextSchema.safeParse(content);
  return text.success ? countWords(text.data) : 0;
}

/**
 * Creates the story, or sends an existing one's changed fields only. A new story opened from
 * a prompt page says which day it answers while it still carries that day's prompt.
 * `baseUpdatedAt`: the story's updatedAt the edit began from (a save queued offline).
 * `contestId`: a new story written for that contest (its words wait for the results).
 */
export function saveStory(storyId: string | null, fields: DraftFields, base: DraftFields, promptDay?: DayKey, baseUpdatedAt?: string, contestId?: string): Promise<SavedStory> {
  const timezone = browserTimeZone();
  if (storyId === null) {
    const answers = promptDay !== undefined && samePrompt(fields.prompt, promptForDay(promptDay));
    const body: StoryCreateInput = {
      ...fields,
      contentWarningNote: fields.contentWarningNote || null,
      prompt: fields.prompt as PromptInput | null,
      ...(timezone ? { timezone } : {}),
      ...(answers ? { promptDay } : {}),
      ...(contestId ? { contestId } : {}),
    };
    return callRoute(storyContracts.create, { body });
  }
  // A save made offline names the text it began from: the server refuses it (409) rather than replace a newer one.
  const body: StoryUpdateInput = { ...(timezone ? { timezone } : {}), ...(baseUpdatedAt ? { baseUpdatedAt } : {}) };
  if (fields.title !== base.title) body.title = fields.title;
  if (fields.content !== base.content) body.content = fields.content;
  if (fields.public !== base.public) body.public = fields.public;
  if (JSON.stringify(fields.prompt) !== JSON.stringify(base.prompt)) body.prompt = fields.prompt as PromptInput | null;
  if (fields.contentWarnings.join() !== base.contentWarnings.join()) body.contentWarnings = fields.contentWarnings;
  if (fields.contentWarningNote.trim() !== base.contentWarningNote.trim()) body.contentWarningNote = fields.contentWarningNote || null;
  if (fields.tags.join('\n') !== base.tags.join('\n')) body.tags = fields.tags;
  return callRoute(storyContracts.update, { params: { id: storyId }, body });
}
