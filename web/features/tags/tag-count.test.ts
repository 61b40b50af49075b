import { describe, expect, it } from 'vitest';
import { TAG_TEXTS } from '@common/tags/rules';
import { tagCount } from './tag-count';

describe('tagCount: the count a tag page shows above its list', () => {
  it('is the tag’s count while more of the list is still to load', () => {
    expect(tagCount({ total: 40, shown: 20, complete: false, signedIn: true })).toEqual({ text: TAG_TEXTS.storyCount(40), hidden: 0 });
  });

  it('says how many the reader’s settings hide once the whole list is there', () => {
    expect(tagCount({ total: 1, shown: 0, complete: true, signedIn: true })).toEqual({ text: '1 story, hidden by your settings', hidden: 1 });
    expect(tagCount({ total: 3, shown: 0, complete: true, signedIn: true })).toEqual({ text: '3 stories, all hidden by your settings', hidden: 3 });
    expect(tagCount({ total: 3, shown: 2, complete: true, signedIn: true })).toEqual({ text: '3 stories, 1 hidden by your settings', hidden: 1 });
  });

  it('is what the list shows when nothing is hidden, or for a guest, who hides nothing', () => {
    expect(tagCount({ total: 2, shown: 2, complete: true, signedIn: true })).toEqual({ text: TAG_TEXTS.storyCount(2), hidden: 0 });
    expect(tagCount({ total: 2, shown: 1, complete: true, signedIn: false })).toEqual({ text: TAG_TEXTS.storyCount(1), hidden: 0 });
    // The count is kept by the database and can trail a story just published.
    expect(tagCount({ total: 1, shown: 2, complete: true, signedIn: true })).toEqual({ text: TAG_TEXTS.storyCount(2), hidden: 0 });
  });
});
