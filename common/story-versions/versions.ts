import { z } from 'zod';
import { promptSchema } from '../prompts/prompts';
import { storySchema } from '../stories/story';
import { progressSchema, timeZoneSchema } from '../streaks/streak';
import { emptyAsMissing } from '../shared/text';

/**
 * Story versions: each save that changes an existing story's title, text or prompt
 * keeps what was there before. Only the owner sees them; at most STORY_VERSIONS_MAX per story,
 * the oldest dropped first; they go when the story goes.
 */
export const STORY_VERSIONS_MAX = 100;
/** The 404's message for a version id that names none of the story's versions. */
export const VERSION_NOT_FOUND = 'Version not found';
export const STORY_VERSIONS_PAGE_SIZE = 25;

/** A version in the list: when its text was saved and how long it was. */
export const storyVersionSummarySchema = z.object({
  id: z.string(),
  storyId: z.string(),
  title: z.string(),
  wordCount: z.number().int(),
  /** When this text was saved (the story's updatedAt then). */
  savedAt: z.string(),
  /** When a later save replaced it. */
  replacedAt: z.string(),
});
export type StoryVersionSummary = z.infer<typeof storyVersionSummarySchema>;

/** GET /api/stories/:id/versions: newest first, a page at a time. */
export const storyVersionPageSchema = z.object({
  versions: z.array(storyVersionSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Versions kept for the story in all. */
  total: z.number().int(),
});
export type StoryVersionPage = z.infer<typeof storyVersionPageSchema>;

/** GET /api/stories/:id/versions/:versionId: the whole text as it was. */
export const storyVersionSchema = storyVersionSummarySchema.extend({
  content: z.string(),
  prompt: promptSchema.nullable(),
});
export type StoryVersion = z.infer<typeof storyVersionSchema>;
export const storyVersionResponseSchema = z.object({ version: storyVersionSchema });

/** GET /api/stories/:id/versions query: an opaque cursor from the previous page. */
export const storyVersionsQuerySchema = z.object({
  cursor: emptyAsMissing(z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'This list has changed. Please reload it.').optional()),
});

/** POST /api/stories/:id/versions/:versionId/restore: optional body, the browser's zone for the day the words count towards. */
export const storyVersionRestoreSchema = z.object({ timezone: timeZoneSchema.optional() }).strict();

/** The restore's answer: the story now (the restored text) and the writer's progress, like a save. */
export const storyRestoredSchema = z.object({ story: storySchema, progress: progressSchema });
