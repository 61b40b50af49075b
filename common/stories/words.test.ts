import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORD_COUNT_SAMPLES } from './word-count-samples';
import { countChars, countWords, DRABBLE_WORDS, drabbleCounter, isPerfectDrabble, readingMinutes, readingTimeLabel, STORY_PREVIEW_LENGTH, storyPreview } from './words';

describe('countWords', () => {
  it('splits on any whitespace, ignoring leading, trailing and repeated runs', () => {
    expect(countWords('one two  three')).toBe(3);
    expect(countWords('  one\ttwo\n\nthree  \r\n')).toBe(3);
    expect(countWords('non\u00a0breaking space')).toBe(3);
  });

  it('has no words in empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });

  it('counts punctuation-joined text as one word, like a whitespace split does', () => {
    expect(countWords("don't—stop. now!")).toBe(2);
    expect(countWords('— a — b —')).toBe(5);
  });
});

describe('countWords in every language', () => {
  it.each(WORD_COUNT_SAMPLES)('$why', ({ text, words }) => {
    expect(countWords(text)).toBe(words);
  });

  it('counts a drabble written in Chinese by its words, not as one', () => {
    expect(countWords('我喜欢写短篇小说。'.repeat(25))).toBe(100);
  });

  // Latin, Latin-1 and extended Latin, Greek, Cyrillic, Arabic, digits, punctuation, emoji; every kind of space.
  const noSegmentingNeeded = fc.constantFrom(
    ...[[0x21, 0x7e], [0xc0, 0x24f], [0x370, 0x3ff], [0x400, 0x4ff], [0x600, 0x6ff], [0x2010, 0x2027], [0x1f600, 0x1f64f]].flatMap(([from, to]) =>
      Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i)),
    ),
    ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', '\u3000',
  );

  it('counts text without Chinese, Japanese or Thai exactly as the whitespace split always did', () => {
    const whitespaceSplit = (text: string) => (text.trim() ? text.trim().split(/\s+/u).length : 0);
    fc.assert(
      fc.property(fc.array(noSegmentingNeeded, { maxLength: 300 }), (characters) => {
        const text = characters.join('');
        expect(countWords(text)).toBe(whitespaceSplit(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('countChars', () => {
  it('counts UTF-16 units, the unit of maxlength and the server limits', () => {
    expect(countChars('abc')).toBe(3);
    expect(countChars('a\nb')).toBe(3);
    expect(countChars('😀')).toBe(2);
  });
});

describe('reading time', () => {
  it('rounds up to whole minutes at 200 words a minute, at least one', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(100)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1_000)).toBe(5);
    expect(readingTimeLabel(450)).toBe('3 min read');
  });
});

describe('storyPreview', () => {
  it('returns short text whole, on one line', () => {
    expect(storyPreview('  A short\n\nstory.  ')).toBe('A short story.');
  });

  it('keeps text of exactly 150 characters whole', () => {
    const text = 'x'.repeat(STORY_PREVIEW_LENGTH);
    expect(storyPreview(text)).toBe(text);
  });

  it('cuts longer text at a word boundary and adds an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`;
    const preview = storyPreview(text);
    expect(preview.endsWith('word…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(STORY_PREVIEW_LENGTH + 1);
    expect(preview.length).toBeGreaterThan(STORY_PREVIEW_LENGTH - 40);
  });

  it('cuts a single long word at the limit', () => {
    const preview = storyPreview('y'.repeat(400));
    expect(preview).toBe(`${'y'.repeat(STORY_PREVIEW_LENGTH)}…`);
  });

  it('does not leave punctuation before the ellipsis', () => {
    const text = `${'a'.repeat(140)}, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb`;
    expect(storyPreview(text)).toBe(`${'a'.repeat(140)}…`);
  });

  it('never splits an emoji in half', () => {
    const text = `${'a'.repeat(149)}😀 and more`;
    const preview = storyPreview(text);
    expect(preview).toBe(`${'a'.repeat(149)}…`);
    expect(() => encodeURIComponent(preview)).not.toThrow();
  });

  it('takes a custom length', () => {
    expect(storyPreview('one two three four', 9)).toBe('one two…');
  });
});

describe('the perfect drabble counter', () => {
  const words = (n: number, sep = ' ') => Array.from({ length: n }, (_, i) => `w${i}`).join(sep);
  const counterOf = (text: string) => drabbleCounter(countWords(text));

  it('reads "n / 100" below a hundred words', () => {
    expect(counterOf(words(87))).toEqual({ text: '87 / 100', perfect: false });
    expect(counterOf(words(99))).toEqual({ text: '99 / 100', perfect: false });
  });

  it('turns into "100 ✓ Perfect drabble" at exactly 100 words', () => {
    expect(DRABBLE_WORDS).toBe(100);
    expect(counterOf(words(100))).toEqual({ text: '100 ✓ Perfect drabble', perfect: true });
    expect(isPerfectDrabble(100)).toBe(true);
  });

  it('goes back to a count past 100', () => {
    expect(counterOf(words(101))).toEqual({ text: '101 / 100', perfect: false });
    expect(counterOf(words(112))).toEqual({ text: '112 / 100', perfect: false });
    expect(drabbleCounter(1_234).text).toBe('1,234 / 100');
    expect(isPerfectDrabble(101)).toBe(false);
  });

  it('counts only the text: the title is not part of it', () => {
    // The editor counts `content`; a title of any length leaves the count where it is.
    const story = { title: 'Three more words', content: words(100) };
    expect(counterOf(story.content).perfect).toBe(true);
    expect(counterOf(`${story.title} ${story.content}`).perfect).toBe(false);
  });

  it('splits on whitespace of every kind, as the spec counts', () => {
    const mixed = words(100).split(' ').map((w, i) => (i === 0 ? w : ['\n', '\t', '  ', '\r\n', '\u00a0', '\u2003', '\n\n'][i % 7] + w)).join('');
    expect(counterOf(`  \n${mixed}\t \n`)).toEqual({ text: '100 ✓ Perfect drabble', perfect: true });
    // Punctuation and dashes joined to a word do not make another word.
    expect(counterOf(`${words(99)} end—really.`).perfect).toBe(true);
    expect(counterOf(`${words(98)} end — really.`).text).toBe('101 / 100');
  });

  it('starts at "0 / 100" for an empty or blank text', () => {
    expect(counterOf('')).toEqual({ text: '0 / 100', perfect: false });
    expect(counterOf(' \n\t ')).toEqual({ text: '0 / 100', perfect: false });
  });
});
