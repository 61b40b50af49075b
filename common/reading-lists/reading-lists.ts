import { z } from 'zod';
import { READING_LIST_ENTRIES_MAX, READING_LIST_NOTE_MAX, READING_LIST_TITLE_MAX, READING_LISTS_MAX } from '../shared/limits';
import { requiredText, safeText } from '../shared/text';
import { storySummarySchema } from '../stories/story';

/*
 * Reading lists (docs/decisions/0071-reading-lists.md): every reader's Read later, and named
 * lists, private unless the reader shares them. Each entry is a story with an optional note.
 */

const formatted = (n: number) => n.toLocaleString('en-US');

export const READING_LIST_TEXTS = {
  notFound: 'Reading list not found',
  readLater: 'Read later',
  tooManyLists: `You can have at most ${READING_LISTS_MAX} reading lists. Delete one to make another.`,
  listFull: `A reading list holds at most ${formatted(READING_LIST_ENTRIES_MAX)} stories. Remove one to add another.`,
  titleEmpty: 'Please give the list a name.',
  titleTooLong: `A list’s name must be at most ${READING_LIST_TITLE_MAX} characters.`,
  noteTooLong: `A note must be at most ${READING_LIST_NOTE_MAX} characters.`,
  readLaterKept: 'Read later is always there: it cannot be deleted.',
  readLaterNamed: 'Read later keeps its name.',
  notYours: 'Only the list’s owner can change it.',
  nothingToChange: 'Say what to change: the name or who sees the list.',
} as const;

export const readingListTitleSchema = requiredText('The list’s name', {
  empty: READING_LIST_TEXTS.titleEmpty,
  max: READING_LIST_TITLE_MAX,
  tooLong: READING_LIST_TEXTS.titleTooLong,
});

/** A note on an entry: trimmed, empty means none. */
export const readingListNoteSchema = safeText('The note').trim().max(READING_LIST_NOTE_MAX, READING_LIST_TEXTS.noteTooLong);

/** What the viewer may do with a list: the UI shows exactly these controls. */
export const readingListPermissionsSchema = z.object({
  /** Add and remove stories, edit notes. */
  edit: z.boolean(),
  rename: z.boolean(),
  changeVisibility: z.boolean(),
  delete: z.boolean(),
});
export type ReadingListPermissions = z.infer<typeof readingListPermissionsSchema>;

export const readingListSchema = z.object({
  id: z.string(),
  uid: z.string(),
  title: z.string(),
  readLater: z.boolean(),
  public: z.boolean(),
  /** The stories in it the viewer may read. */
  entriesCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The owner's display name, for a shared list seen by someone else. */
  ownerDisplayName: z.string(),
  permissions: readingListPermissionsSchema,
});
export type ReadingList = z.infer<typeof readingListSchema>;

/** GET /api/reading-lists: the reader's lists, Read later first, then newest first. */
export const readingListsResponseSchema = z.object({
  lists: z.array(readingListSchema),
  permissions: z.object({ create: z.boolean() }),
});
export type ReadingListsResponse = z.infer<typeof readingListsResponseSchema>;

export const readingListResponseSchema = z.object({ list: readingListSchema });

export const readingListEntrySchema = z.object({
  story: storySummarySchema,
  note: z.string(),
  addedAt: z.string(),
});
export type ReadingListEntry = z.infer<typeof readingListEntrySchema>;

/** GET /api/reading-lists/:id: the list and a page of its entries, most recently added first. */
export const readingListPageSchema = z.object({
  list: readingListSchema,
  entries: z.array(readingListEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ReadingListPage = z.infer<typeof readingListPageSchema>;

export const readingListCreateSchema = z
  .object({ title: readingListTitleSchema, public: z.boolean('Say whether the list is public.').optional().default(false) })
  .strict();

/** The bookmark menu's "New list" form: a list and a note on the story it is made for. */
export const readingListWithNoteSchema = z.object({ title: readingListTitleSchema, public: z.boolean(), note: readingListNoteSchema });

export const readingListUpdateSchema = z
  .object({ title: readingListTitleSchema.optional(), public: z.boolean('Say whether the list is public.').optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.public !== undefined, READING_LIST_TEXTS.nothingToChange);

/** PUT an entry: adds the story (if it is not there) and sets its note when one is given. */
export const readingListEntryPutSchema = z.object({ note: readingListNoteSchema.optional() }).strict().optional();

export const readingListEntryAnswerSchema = z.object({
  listId: z.string(),
  storyId: z.string(),
  note: z.string(),
  addedAt: z.string(),
});
export type ReadingListEntryAnswer = z.infer<typeof readingListEntryAnswerSchema>;

/** GET /api/reading-lists/story/:storyId: each of the reader's lists and whether it holds the story. */
export const storyListsResponseSchema = z.object({
  storyId: z.string(),
  lists: z.array(z.object({ id: z.string(), title: z.string(), readLater: z.boolean(), public: z.boolean(), has: z.boolean(), note: z.string().nullable() })),
  permissions: z.object({ create: z.boolean() }),
});
export type StoryLists = z.infer<typeof storyListsResponseSchema>;
