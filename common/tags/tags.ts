import { z } from 'zod';
import { TAGS_PER_STORY_MAX, TAG_MIN, TAG_MAX, TAG_TEXTS, tagDisplay, tagKey, tagProblem, uniqueTags } from './rules';

/** The schemas; the rules and texts are in tag-rules.ts (no zod), re-exported here. */
export * from './rules';

/** One tag as the API takes it; it comes out tidied (tagDisplay). */
export const tagSchema = z
  .string(TAG_TEXTS.badCharacters)
  .max(TAG_MAX * 4, TAG_TEXTS.tooLong)
  .superRefine((raw, ctx) => {
    const problem = tagProblem(raw);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (“${raw.slice(0, TAG_MAX + 1)}”)` });
  })
  .transform(tagDisplay);

/** A story's tags as the API takes them: at most TAGS_PER_STORY_MAX, each kept once (by key), first spelling first. */
export const tagListSchema = z.array(tagSchema, TAG_TEXTS.notList).max(TAGS_PER_STORY_MAX, TAG_TEXTS.tooMany).transform(uniqueTags);

/** A tag on a story, a card or a list: the name it was first written with, and its key (its address). */
export const tagRefSchema = z.object({ key: z.string(), name: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

/** A tag name in a URL (/api/tags/:name): any spelling, matched by key. */
export const tagParamSchema = z
  .string()
  .max(TAG_MAX * 4)
  .transform((raw) => tagKey(decodeURIComponentSafe(raw)))
  .refine((key) => key.length >= TAG_MIN && tagProblem(key) === null, TAG_TEXTS.notFound);

function decodeURIComponentSafe(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}


