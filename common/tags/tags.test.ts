import { describe, expect, it } from 'vitest';
import { TAG_MAX, TAG_TEXTS, TAGS_PER_STORY_MAX, tagDisplay, tagKey, tagListSchema, tagParamSchema, tagProblem, tagsAsText, tagsFromText, uniqueTags } from './tags';
import { storyCreateSchema } from '../stories/story';

describe('tags', () => {
  it('keys a tag by case, accents, spaces, hyphens and a leading #, and shows it as written', () => {
    for (const spelling of ['Ghost Story', '#ghost-story', 'ghost  story', ' GHOST-STORY ', 'ghost - story', '##Ghost Story']) expect(tagKey(spelling)).toBe('ghost-story');
    expect(tagKey('Gēist')).toBe('geist');
    expect(tagKey('geist')).toBe('geist');
    // Decomposed input (NFD) keys the same as composed.
    expect(tagKey('Ge\u0304ist')).toBe('geist');
    expect(tagKey('Crème Brûlée')).toBe('creme-brulee');
    expect(tagKey('Ｆｕｌｌｗｉｄｔｈ')).toBe('fullwidth');
    expect(tagKey('Привет мир')).toBe('привет-мир');
    expect(tagDisplay('  #Ghost   Story ')).toBe('Ghost Story');
    expect(tagDisplay('Gēist')).toBe('Gēist');
  });

  it('takes letters, digits, spaces and hyphens, 2–40 characters; says why it refuses others', () => {
    expect(tagProblem('ok')).toBeNull();
    expect(tagProblem('1984')).toBeNull();
    expect(tagProblem('x'.repeat(TAG_MAX))).toBeNull();
    expect(tagProblem('x'.repeat(TAG_MAX + 1))).toBe(TAG_TEXTS.tooLong);
    expect(tagProblem('a')).toBe(TAG_TEXTS.tooShort);
    expect(tagProblem('#a')).toBe(TAG_TEXTS.tooShort);
    expect(tagProblem('   ')).toBe(TAG_TEXTS.tooShort);
    expect(tagProblem('--')).toBe(TAG_TEXTS.tooShort);
    expect(tagProblem('a-')).toBe(TAG_TEXTS.tooShort);
    for (const bad of ['ghost_story', 'ghost/story', 'love!', 'a#b', 'tab\there', '<b>', 'emoji 👻']) expect(tagProblem(bad), bad).toBe(TAG_TEXTS.badCharacters);
  });

  it('keeps a story’s tags once each by key, first spelling first, and refuses more than five', () => {
    expect(uniqueTags(['Ghost Story', 'grief', '#ghost-story', 'GRIEF'])).toEqual(['Ghost Story', 'grief']);
    expect(tagListSchema.parse(['#Ghost  Story', 'ghost-story', 'Gēist', 'geist'])).toEqual(['Ghost Story', 'Gēist']);
    const six = ['aa', 'bb', 'cc', 'dd', 'ee', 'ff'];
    expect(tagListSchema.safeParse(six.slice(0, TAGS_PER_STORY_MAX)).success).toBe(true);
    const tooMany = tagListSchema.safeParse(six);
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(TAG_TEXTS.tooMany);
    const bad = tagListSchema.safeParse(['fine', 'no_underscores']);
    expect(bad.error?.issues[0]?.message).toContain(TAG_TEXTS.badCharacters);
    expect(tagListSchema.safeParse('ghost').error?.issues[0]?.message).toBe(TAG_TEXTS.notList);
    expect(storyCreateSchema.parse({ title: 'T', content: 'Words.' }).tags).toEqual([]);
  });

  it('reads a tag in an address in any spelling as its key', () => {
    expect(tagParamSchema.parse('Ghost%20Story')).toBe('ghost-story');
    expect(tagParamSchema.parse('ghost-story')).toBe('ghost-story');
    expect(tagParamSchema.parse('G%C4%93ist')).toBe('geist');
    expect(tagParamSchema.safeParse('a').success).toBe(false);
    expect(tagParamSchema.safeParse('bad_tag').success).toBe(false);
  });

  it('writes a story\'s tags on one front-matter line and reads them back; bad ones are left off', () => {
    const names = ['Ghost Story', 'grief', 'Gēist'];
    expect(tagsAsText(names)).toBe('Ghost Story, grief, Gēist');
    expect(tagsFromText(tagsAsText(names))).toEqual(names);
    expect(tagsFromText(' #ghost  story ,, x, bad!tag, GHOST-STORY, suggest, a1, b2, c3, d4, e5')).toEqual(['ghost story', 'a1', 'b2', 'c3', 'd4']);
    expect(tagsFromText('')).toEqual([]);
  });
});
