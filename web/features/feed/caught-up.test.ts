import { describe, expect, it } from 'vitest';
import { caughtUpIndex } from './caught-up';

const story = (id: string, madePublicAt: string | null, createdAt = '2026-01-01T00:00:00.000Z') => ({ id, madePublicAt, createdAt });
const list = [story('c', '2026-03-03T00:00:00.000Z'), story('b', '2026-02-02T00:00:00.000Z'), story('a', null, '2026-01-05T00:00:00.000Z')];

describe('caughtUpIndex', () => {
  it('puts the line above the marker story when newer stories sit above it', () => {
    expect(caughtUpIndex(list, { storyId: 'b', publishedAt: '2026-02-02T00:00:00.000Z' })).toBe(1);
    expect(caughtUpIndex(list, { storyId: 'a', publishedAt: '2026-01-05T00:00:00.000Z' })).toBe(2);
  });

  it('draws nothing without a marker, when the marker is the top story, or when it is not loaded yet', () => {
    expect(caughtUpIndex(list, null)).toBe(-1);
    expect(caughtUpIndex(list, { storyId: 'c', publishedAt: '2026-03-03T00:00:00.000Z' })).toBe(-1);
    expect(caughtUpIndex(list, { storyId: 'gone', publishedAt: '2025-12-01T00:00:00.000Z' })).toBe(-1);
  });

  it('falls back on the publishing time when the marker story is gone', () => {
    expect(caughtUpIndex(list, { storyId: 'gone', publishedAt: '2026-02-10T00:00:00.000Z' })).toBe(1);
    // A story made public before publishedAt existed counts from when it was written.
    expect(caughtUpIndex(list, { storyId: 'gone', publishedAt: '2026-01-10T00:00:00.000Z' })).toBe(2);
  });
});
