import { describe, expect, it } from 'vitest';
import { TAG_TEXTS, TAGS_PER_STORY_MAX } from '@common/tags/rules';
import { withTypedTag } from './typed-tag';

describe('withTypedTag: the tags a save keeps when something is still typed in the tag field', () => {
  it('adds the typed tag, tidied, after the chips', () => {
    expect(withTypedTag(['grief'], '  #Sea  Songs ')).toEqual({ tags: ['grief', 'Sea Songs'] });
  });

  it('changes nothing for blank text or a tag already chosen in another spelling', () => {
    expect(withTypedTag(['grief'], '   ')).toEqual({ tags: ['grief'] });
    expect(withTypedTag(['Sea Songs'], 'sea-songs')).toEqual({ tags: ['Sea Songs'] });
  });

  it('names the problem of text that cannot be a tag rather than dropping it', () => {
    expect(withTypedTag([], '!!')).toEqual({ problem: TAG_TEXTS.badCharacters });
    expect(withTypedTag([], 'a')).toEqual({ problem: TAG_TEXTS.tooShort });
    const full = Array.from({ length: TAGS_PER_STORY_MAX }, (_, i) => `tag${i}`);
    expect(withTypedTag(full, 'one more')).toEqual({ problem: TAG_TEXTS.tooMany });
  });
});
