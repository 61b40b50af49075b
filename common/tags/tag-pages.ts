import { z } from 'zod';
import { communityQuerySchema, storyPageSchema } from '../stories/story';
import { TAG_MAX, tagKey, tagRefSchema } from './tags';

/* The tags API's answers and queries (common/tags/contract.ts); apart from tags.ts, which story.ts imports. */

/** A tag with how many public stories carry it (as a guest would count them). */
export const tagSummarySchema = tagRefSchema.extend({ storyCount: z.number().int() });
export type TagSummary = z.infer<typeof tagSummarySchema>;

/** GET /api/tags/:name: the tag, whether the reader follows it, and a page of its stories. */
export const tagPageSchema = storyPageSchema.extend({
  tag: tagSummarySchema.extend({ followed: z.boolean() }),
});
export type TagPage = z.infer<typeof tagPageSchema>;

/** A tag page's query: the community's order, cursor and limit. */
export const tagPageQuerySchema = communityQuerySchema.pick({ sort: true, cursor: true, limit: true });

export const SUGGEST_MAX = 8;

/** GET /api/tags/suggest?q=: the typed start of a tag, in any spelling. */
export const tagSuggestQuerySchema = z.object({
  q: z
    .string('Type the start of a tag.')
    .max(TAG_MAX * 4)
    .transform((q) => tagKey(q)),
});

/** Tags in a list: suggestions (most used first), the week's most used, the ones a reader follows. */
export const tagListResponseSchema = z.object({ tags: z.array(tagSummarySchema) });
export type TagListResponse = z.infer<typeof tagListResponseSchema>;

/** POST/DELETE /api/tags/:name/follow */
export const tagFollowResponseSchema = z.object({ followed: z.boolean() });
