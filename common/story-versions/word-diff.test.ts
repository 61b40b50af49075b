import { describe, expect, it } from 'vitest';
import { DIFF_CELLS_MAX, diffTokens, hasChanges, wordDiff, type DiffPart } from './word-diff';

const side = (parts: DiffPart[], skip: 'added' | 'removed') => parts.filter((p) => p.kind !== skip).map((p) => p.text).join('');

describe('wordDiff', () => {
  it('finds nothing to mark in equal texts', () => {
    expect(wordDiff('one two\nthree', 'one two\nthree')).toEqual([{ kind: 'same', text: 'one two\nthree' }]);
    expect(hasChanges(wordDiff('same', 'same'))).toBe(false);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('marks a changed word, keeping the rest as it was', () => {
    expect(wordDiff('the cat sat down', 'the dog sat down')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'dog' },
      { kind: 'same', text: ' sat down' },
    ]);
  });

  it('marks words added and removed in several places', () => {
    const parts = wordDiff('a b c d e', 'a c d x e y');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['b']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['x', 'y']);
    expect(hasChanges(parts)).toBe(true);
  });

  it('gives both texts back exactly, line breaks and all', () => {
    const from = 'First line.\n\nSecond  line, with   spaces.\tTab.';
    const to = 'First line!\nSecond line, with spaces.\tTab. And more.';
    const parts = wordDiff(from, to);
    expect(side(parts, 'added')).toBe(from);
    expect(side(parts, 'removed')).toBe(to);
  });

  it('handles an empty side', () => {
    expect(wordDiff('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }]);
    expect(wordDiff('old words', '')).toEqual([{ kind: 'removed', text: 'old words' }]);
  });

  it('keeps a whole word together rather than matching letters', () => {
    expect(wordDiff('cats', 'cots')).toEqual([
      { kind: 'removed', text: 'cats' },
      { kind: 'added', text: 'cots' },
    ]);
  });

  it('stays exact, only coarser, for two long texts with nothing in common', () => {
    const from = Array.from({ length: 2_100 }, (_, i) => `a${i}`).join(' ');
    const to = Array.from({ length: 2_100 }, (_, i) => `b${i}`).join(' ');
    expect(diffTokens(from).length * diffTokens(to).length).toBeGreaterThan(DIFF_CELLS_MAX);
    const parts = wordDiff(from, to);
    expect(side(parts, 'added')).toBe(from);
    expect(side(parts, 'removed')).toBe(to);
  });

  it('diffs a story-sized edit quickly and precisely', () => {
    const words = Array.from({ length: 1_500 }, (_, i) => `w${i}`);
    const edited = [...words];
    edited[10] = 'changed';
    edited.splice(900, 1);
    const parts = wordDiff(words.join(' '), edited.join(' '));
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(['changed']);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['w10', 'w900']);
  });
});

describe('diffTokens', () => {
  it('cuts text into words and whitespace runs that join back into it', () => {
    expect(diffTokens(' a  b\nc ')).toEqual([' ', 'a', '  ', 'b', '\n', 'c', ' ']);
    expect(diffTokens('')).toEqual([]);
  });
});
