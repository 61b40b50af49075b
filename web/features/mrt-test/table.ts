import type { StoryRow } from '@common/story';

/** Sorting, filtering and paging of the story table, kept pure so they are tested alone. */
export const COLUMNS = [
  { key: 'title', label: 'Title', numeric: false },
  { key: 'wordCount', label: 'Words', numeric: true },
  { key: 'public', label: 'Visibility', numeric: false },
  { key: 'createdAt', label: 'Created', numeric: false },
  { key: 'likesCount', label: 'Likes', numeric: true },
  { key: 'commentsCount', label: 'Comments', numeric: true },
  { key: 'viewsCount', label: 'Views', numeric: true },
] as const satisfies ReadonlyArray<{ key: keyof StoryRow; label: string; numeric: boolean }>;

export type SortKey = (typeof COLUMNS)[number]['key'];
export interface SortState {
  key: SortKey;
  direction: 'asc' | 'desc';
}
export type VisibilityFilter = 'all' | 'public' | 'private';

export interface TableState {
  filter: string;
  visibility: VisibilityFilter;
  sort: SortState;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 25, 50] as const;
export const INITIAL_TABLE_STATE: TableState = { filter: '', visibility: 'all', sort: { key: 'createdAt', direction: 'desc' }, page: 0, pageSize: 10 };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: StoryRow, b: StoryRow, key: SortKey): number {
  const x = a[key];
  const y = b[key];
  if (typeof x === 'string' && typeof y === 'string') return key === 'title' ? collator.compare(x, y) : x < y ? -1 : x > y ? 1 : 0;
  return Number(x) - Number(y);
}

/** A click on a column: a new column sorts text A→Z and numbers/dates high→low; the same column flips. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'title' ? 'asc' : 'desc' };
}

export function filterRows(rows: readonly StoryRow[], filter: string, visibility: VisibilityFilter): StoryRow[] {
  const needle = filter.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (visibility === 'all' || row.public === (visibility === 'public')) && (needle === '' || row.title.toLocaleLowerCase().includes(needle)),
  );
}

/** Stable: rows that tie keep their order (newest first, as the server sends them). */
export function sortRows(rows: readonly StoryRow[], sort: SortState): StoryRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row, sort.key) || a.index - b.index)
    .map(({ row }) => row);
}

export interface TablePage {
  rows: StoryRow[];
  total: number;
  page: number;
  pageCount: number;
  from: number;
  to: number;
}

export function tablePage(all: readonly StoryRow[], state: TableState): TablePage {
  const rows = sortRows(filterRows(all, state.filter, state.visibility), state.sort);
  const pageCount = Math.max(1, Math.ceil(rows.length / state.pageSize));
  const page = Math.min(Math.max(0, state.page), pageCount - 1);
  const start = page * state.pageSize;
  const slice = rows.slice(start, start + state.pageSize);
  return { rows: slice, total: rows.length, page, pageCount, from: slice.length ? start + 1 : 0, to: start + slice.length };
}
