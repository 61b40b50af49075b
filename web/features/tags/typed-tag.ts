import { TAG_TEXTS, TAGS_PER_STORY_MAX, tagDisplay, tagKey, tagProblem } from '@common/tags/rules';

/**
 * The tags with `typed` added as one more, as Enter in the tag field adds it, or why it cannot be
 * one. The field adds with this, and so does saving the story: a tag typed and not yet a chip is
 * what the writer meant, so it is kept (or the save stops and says why), never dropped unseen.
 * Blank text, or a tag already chosen in another spelling, changes nothing.
 */
export function withTypedTag(tags: readonly string[], typed: string): { tags: string[] } | { problem: string } {
  if (typed.trim() === '') return { tags: [...tags] };
  const problem = tagProblem(typed);
  if (problem) return { problem };
  if (tags.some((tag) => tagKey(tag) === tagKey(typed))) return { tags: [...tags] };
  if (tags.length >= TAGS_PER_STORY_MAX) return { problem: TAG_TEXTS.tooMany };
  return { tags: [...tags, tagDisplay(typed)] };
}
