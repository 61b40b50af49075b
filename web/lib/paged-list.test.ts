import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cursorListQuery, refreshState, withSearchParams } from './paged-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pageSchema = z.object({ things: z.array(z.string()), nextCursor: z.string().nullable() });

function list() {
  return cursorListQuery({
    queryKey: ['things'] as const,
    path: (cursor) => withSearchParams('/api/things', { cursor, limit: 2 }),
    schema: pageSchema,
    items: (page) => page.things,
  });
}

describe('withSearchParams', () => {
  it('adds the values that are set, encoded, and nothing when none is', () => {
    expect(withSearchParams('/api/x', { q: 'a b&c', cursor: undefined, genre: '', limit: 3 })).toBe('/api/x?q=a+b%26c&limit=3');
    expect(withSearchParams('/api/x', { cursor: undefined })).toBe('/api/x');
  });
});

describe('cursorListQuery', () => {
  it('asks for the first page without a cursor and for the next ones with it', async () => {
    const answers = [
      { things: ['a', 'b'], nextCursor: 'c2' },
      { things: ['c'], nextCursor: null },
    ];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await new QueryClient().fetchInfiniteQuery({ ...list(), pages: 3 });
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/api/things?limit=2', '/api/things?cursor=c2&limit=2']);
    expect(data.pages).toHaveLength(2);
  });

  it('has a next page while the server names a cursor, and lists every item loaded', () => {
    const options = list();
    const pages = [
      { things: ['a', 'b'], nextCursor: 'c2' },
      { things: ['c'], nextCursor: null },
    ];
    expect(options.getNextPageParam(pages[0]!, pages.slice(0, 1), undefined, [undefined])).toBe('c2');
    expect(options.getNextPageParam(pages[1]!, pages, 'c2', [undefined, 'c2'])).toBeUndefined();
    expect(options.select!({ pages, pageParams: [undefined, 'c2'] })).toEqual(['a', 'b', 'c']);
  });
});

describe('refreshState', () => {
  const loaded = { status: 'success', fetchStatus: 'idle', hasData: true, isPlaceholderData: false } as const;

  it('is fine while loaded, and while a new search loads behind the old list (dimmed)', () => {
    expect(refreshState(loaded)).toEqual({ refreshFailed: false, isPlaceholderData: false });
    expect(refreshState({ ...loaded, status: 'pending', fetchStatus: 'fetching', isPlaceholderData: true })).toEqual({ refreshFailed: false, isPlaceholderData: true });
  });

  it('is stuck, not dimmed, when the new search waits for a connection behind the old list', () => {
    expect(refreshState({ ...loaded, status: 'pending', fetchStatus: 'paused', isPlaceholderData: true })).toEqual({ refreshFailed: true, isPlaceholderData: false });
  });

  it('is stuck when a refresh of loaded items fails or waits offline, and when a first load waits offline', () => {
    expect(refreshState({ ...loaded, status: 'error' }).refreshFailed).toBe(true);
    expect(refreshState({ ...loaded, fetchStatus: 'paused' }).refreshFailed).toBe(true);
    expect(refreshState({ status: 'pending', fetchStatus: 'paused', hasData: false, isPlaceholderData: false }).refreshFailed).toBe(true);
  });

  it('leaves a first load that failed to the list’s own error', () => {
    expect(refreshState({ status: 'error', fetchStatus: 'idle', hasData: false, isPlaceholderData: false }).refreshFailed).toBe(false);
  });
});
