import { TAG_TEXTS } from '@common/tags/rules';

interface TagCountFacts {
  /** The tag's count: public stories, as a guest would count them (the database keeps it). */
  total: number;
  /** The stories the reader's list has loaded. */
  shown: number;
  /** The list has no more pages: `shown` is all the reader may see. */
  complete: boolean;
  signedIn: boolean;
}

/**
 * The count above a tag page's list, agreeing with the list: once the whole list is there, a
 * signed-in reader whose settings (hidden content warnings, blocks, mutes) keep some stories out
 * is told how many, rather than "1 story" above an empty list. Until then, the tag's count.
 */
export function tagCount({ total, shown, complete, signedIn }: TagCountFacts): { text: string; hidden: number } {
  if (!complete) return { text: TAG_TEXTS.storyCount(total), hidden: 0 };
  const hidden = signedIn ? total - shown : 0;
  if (hidden > 0) return { text: TAG_TEXTS.storyCountHidden(total, hidden), hidden };
  return { text: TAG_TEXTS.storyCount(shown), hidden: 0 };
}
