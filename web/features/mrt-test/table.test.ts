import { describe, expect, it } from 'vitest';
import type { StoryRow } from '@common/story';
import { filterRows, INITIAL_TABLE_STATE, nextSort, sortRows, tablePage } from './table';

const row = (id: string, fields: Partial<StoryRow> = {}): StoryRow => ({
  id,
  title: `Story ${id}`,
  public: true,
  wordCount: 100,
  createdAt: '2025-01-01T00:00:00.000Z',
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  ...fields,
});

const rows = [
  row('a', { title: 'apple', wordCount: 50, likesCount: 3, createdAt: '2025-03-01T00:00:00.000Z' }),
  row('b', { title: 'Banana', wordCount: 300, public: false, createdAt: '2025-02-01T00:00:00.000Z' }),
  row('c', { title: 'cherry pie', wordCount: 120, likesCount: 3, createdAt: '2025-01-01T00:00:00.000Z' }),
];

describe('story table', () => {
  it('filters by title, case-insensitively, and by visibility', () => {
    expect(filterRows(rows, 'AN', 'all').map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, '', 'private').map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, ' ', 'public').map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('sorts titles alphabetically regardless of case, numbers and dates by value, ties stable', () => {
    expect(sortRows(rows, { key: 'title', direction: 'asc' }).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, { key: 'wordCount', direction: 'desc' }).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, { key: 'createdAt', direction: 'asc' }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(sortRows(rows, { key: 'likesCount', direction: 'desc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, { key: 'public', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('flips the direction on the same column and starts new columns sensibly', () => {
    expect(nextSort({ key: 'title', direction: 'asc' }, 'title')).toEqual({ key: 'title', direction: 'desc' });
    expect(nextSort({ key: 'title', direction: 'asc' }, 'likesCount')).toEqual({ key: 'likesCount', direction: 'desc' });
    expect(nextSort({ key: 'likesCount', direction: 'desc' }, 'title')).toEqual({ key: 'title', direction: 'asc' });
  });

  it('pages the sorted rows and keeps the page in range', () => {
    const many = Array.from({ length: 23 }, (_, i) => row(String(i).padStart(2, '0')));
    const first = tablePage(many, INITIAL_TABLE_STATE);
    expect(first).toMatchObject({ total: 23, page: 0, pageCount: 3, from: 1, to: 10 });
    const last = tablePage(many, { ...INITIAL_TABLE_STATE, page: 2 });
    expect(last).toMatchObject({ from: 21, to: 23 });
    expect(last.rows).toHaveLength(3);
    expect(tablePage(many, { ...INITIAL_TABLE_STATE, page: 9 }).page).toBe(2);
    expect(tablePage([], INITIAL_TABLE_STATE)).toMatchObject({ total: 0, page: 0, pageCount: 1, from: 0, to: 0 });
  });
});
