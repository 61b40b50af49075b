import { describe, expect, it } from 'vitest';
import { profileShareText, SHARE_DESCRIPTION_LENGTH, storyShareText } from './share';

describe('what a shared link says', () => {
  it('a story: its title, then its author and the start of its text within 160 characters', () => {
    const text = storyShareText({ title: 'Tide', content: `First line.\n\nSecond line. ${'more words '.repeat(40)}`, authorDisplayName: 'Ada' });
    expect(text.pageTitle).toBe('Tide · Drabble');
    expect(text.title).toBe('Tide');
    expect(text.description.startsWith('By Ada · First line. Second line. more words')).toBe(true);
    expect(text.description.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_LENGTH);
    expect(text.description.endsWith('…')).toBe(true);
  });

  it('a short or blank story keeps its whole text, or just the byline', () => {
    expect(storyShareText({ title: 'T', content: 'Short.', authorDisplayName: 'Bo' }).description).toBe('By Bo · Short.');
    expect(storyShareText({ title: 'T', content: '  \n ', authorDisplayName: 'Bo' }).description).toBe('By Bo on Drabble.');
  });

  it('a profile: the name, and the About Me on one line or a sentence about the writer', () => {
    expect(profileShareText({ displayName: 'Cy', aboutMe: 'Night\nwriter.' })).toEqual({ pageTitle: 'Cy · Drabble', title: 'Cy', description: 'Night writer.' });
    expect(profileShareText({ displayName: 'Cy', aboutMe: '' }).description).toBe('Cy writes ultra-short fiction on Drabble.');
    expect(profileShareText({ displayName: 'Cy', aboutMe: 'x'.repeat(400) }).description.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_LENGTH);
  });
});
