import { describe, expect, it } from 'vitest';
import {
  CONTENT_WARNING_KEYS,
  contentWarningLine,
  storyWarningFieldsSchema,
  textIsGated,
  warningMask,
  warningsFromText,
  warningsOfMask,
} from './content-warnings';
import { storyCreateSchema } from './story';

describe('content warnings', () => {
  it('keeps every set of warnings through its stored mask, in the list’s order', () => {
    for (let mask = 0; mask < 1 << CONTENT_WARNING_KEYS.length; mask++) {
      expect(warningMask(warningsOfMask(mask))).toBe(mask);
    }
    expect(warningMask(['death', 'violence'])).toBe(0b11);
    expect(warningsOfMask(0b100100 | (1 << 20))).toEqual(['self-harm', 'strong-language']);
  });

  it('writes one line for a feed entry, or null when there is nothing to warn of', () => {
    expect(contentWarningLine({ contentWarnings: ['death', 'violence'], contentWarningNote: 'a dog dies' })).toBe('Content warnings: Violence, Death — a dog dies');
    expect(contentWarningLine({ contentWarnings: ['sexual-content'], contentWarningNote: null })).toBe('Content warnings: Sexual content');
    expect(contentWarningLine({ contentWarnings: [], contentWarningNote: 'flashing images' })).toBe('Content warnings: flashing images');
    expect(contentWarningLine({ contentWarnings: [], contentWarningNote: '  ' })).toBeNull();
    expect(contentWarningLine(storyWarningFieldsSchema.parse({ contentWarnings: [], contentWarningNote: null }))).toBeNull();
  });

  it('reads warnings named in text by label or key, ignoring others', () => {
    expect(warningsFromText('Strong language, self-harm, spiders,, VIOLENCE')).toEqual(['violence', 'self-harm', 'strong-language']);
    expect(warningsFromText('')).toEqual([]);
  });

  it('keeps the text behind "Show story" for guests and other readers, not for the writer or a reader who always shows it', () => {
    const story = { uid: 'w', contentWarnings: ['abuse' as const], contentWarningNote: null };
    const reader = (uid: string, alwaysShowText: boolean) => ({ uid, readingPreferences: { hiddenWarnings: [], alwaysShowText } });
    expect(textIsGated(story, null)).toBe(true);
    expect(textIsGated(story, reader('r', false))).toBe(true);
    expect(textIsGated(story, reader('r', true))).toBe(false);
    expect(textIsGated(story, reader('w', false))).toBe(false);
    expect(textIsGated({ ...story, contentWarnings: [] }, null)).toBe(false);
    expect(textIsGated({ ...story, contentWarnings: [], contentWarningNote: 'note' }, null)).toBe(true);
  });

  it('validates a story’s warnings and note: known keys, deduplicated, note trimmed and at most 100 characters', () => {
    const base = { title: 'T', content: 'Words.' };
    expect(storyCreateSchema.parse(base)).toMatchObject({ contentWarnings: [], contentWarningNote: null });
    expect(storyCreateSchema.parse({ ...base, contentWarnings: ['abuse', 'violence', 'abuse'], contentWarningNote: ' hi ' })).toMatchObject({
      contentWarnings: ['violence', 'abuse'],
      contentWarningNote: 'hi',
    });
    expect(storyCreateSchema.safeParse({ ...base, contentWarnings: ['gore'] }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ ...base, contentWarningNote: 'x'.repeat(101) }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ ...base, contentWarningNote: 'x'.repeat(100) }).success).toBe(true);
  });
});
