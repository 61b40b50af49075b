import { z } from 'zod';
import { promptSchema } from '@common/prompts/prompts';
import { samePrompt } from '@common/prompts/rules';
import { contentWarningSchema } from '@common/stories/content-warnings';

/**
 * Drafts of the editor kept in the browser's local storage, one per writer and story
 * ('new' for a story not yet saved), so a crash, a reload or a failed save loses nothing.
 */
export const draftSchema = z.object({
  title: z.string(),
  content: z.string(),
  prompt: promptSchema.nullable(),
  public: z.boolean(),
  /** Content warnings chosen (drafts kept before they existed have none). */
  contentWarnings: z.array(contentWarningSchema).catch([]),
  /** The warning note as typed ('' for none). */
  contentWarningNote: z.string().catch(''),
  /** Tags as typed (drafts kept before tags existed have none). */
  tags: z.array(z.string()).catch([]),
  /** When the draft was last written (ms since epoch). */
  savedAt: z.number(),
  /** The story's updatedAt the draft started from; null for a new story. */
  baseUpdatedAt: z.string().nullable(),
});
export type StoryDraft = z.infer<typeof draftSchema>;
export type DraftFields = Pick<StoryDraft, 'title' | 'content' | 'prompt' | 'public' | 'contentWarnings' | 'contentWarningNote' | 'tags'>;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(uid: string, storyId: string | null): string {
  return `drabble.storyDraft.${uid}.${storyId ?? 'new'}`;
}

/** The browser's local storage, or null where it is unavailable (private modes, tests). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(storage: DraftStorage | null, key: string): StoryDraft | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable JSON: fall through and drop it.
  }
  storage.removeItem(key);
  return null;
}

/** False when the storage refused (full, or disabled): the caller can say so. */
export function writeDraft(storage: DraftStorage | null, key: string, draft: StoryDraft): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the draft simply stays.
  }
}

export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return (
    a.title === b.title &&
    a.content === b.content &&
    a.public === b.public &&
    samePrompt(a.prompt, b.prompt) &&
    a.contentWarnings.join() === b.contentWarnings.join() &&
    a.contentWarningNote.trim() === b.contentWarningNote.trim() &&
    a.tags.join('\n') === b.tags.join('\n')
  );
}

/** Nothing written yet: no title and no text. */
export function isBlank(fields: Pick<DraftFields, 'title' | 'content'>): boolean {
  return fields.title.trim() === '' && fields.content.trim() === '';
}

/**
 * Whether the editor holds work not saved to the server. A new story counts once it has a
 * title or text (picking a prompt alone is not work to lose); an existing one when anything
 * differs from the saved story.
 */
export function hasUnsavedWork(fields: DraftFields, base: DraftFields, isNew: boolean): boolean {
  return isNew ? !isBlank(fields) : !sameFields(fields, base);
}

/** The draft to restore on opening the editor, if any: one that holds unsaved work. */
export function draftToRestore(draft: StoryDraft | null, base: DraftFields, isNew: boolean): StoryDraft | null {
  return draft && hasUnsavedWork(draft, base, isNew) ? draft : null;
}
