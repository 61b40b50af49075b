import { infiniteQueryOptions, useInfiniteQuery, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiFetch } from './api';

/** One page of a cursor-paged list: its items and the cursor of the next page (null on the last). */
export interface CursorPage {
  nextCursor: string | null;
}

interface CursorListOptions<TPage extends CursorPage, TItem, TKey extends QueryKey> {
  queryKey: TKey;
  /** The address of a page: the first without a cursor, the next ones with it. */
  path: (cursor: string | undefined) => string;
  /** Checks each page in development (lib/api.ts); callers pass `import.meta.env.DEV ? schema : undefined`. */
  schema: ZodType<TPage> | undefined;
  /** The page's items, in order. */
  items: (page: TPage) => readonly TItem[];
}

/**
 * Query options for a list the server pages with a cursor (GET …?cursor=): each page names
 * the next, and the list's data is every item loaded so far. Pass them to usePagedList.
 */
export function cursorListQuery<TPage extends CursorPage, TItem, TKey extends QueryKey>({ queryKey, path, schema, items }: CursorListOptions<TPage, TItem, TKey>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiFetch(path(pageParam), { schema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data): TItem[] => data.pages.flatMap(items),
  });
}

/** An address with its query string (kept with the route contracts, which build addresses too). */
export { withSearchParams } from '@common/contracts/define';

interface PagedListState {
  /** A next page exists: offer "Load more". */
  hasMore: boolean;
  loadMore: () => void;
  isLoadingMore: boolean;
  /** The last "Load more" failed. */
  loadMoreFailed: boolean;
  refetch: () => void;
  /** Any request in flight, the first page's included. */
  isFetching: boolean;
  /**
   * Showing the previous list while the new one loads (with placeholderData: keepPreviousData):
   * screens dim it meanwhile. False once that load has failed or waits for a connection.
   */
  isPlaceholderData: boolean;
  /**
   * The list could not be brought up to date: a new search or filter, or a refresh, failed or
   * waits for a connection. What was shown stays (undimmed), with a notice (RefreshFailed) and Retry.
   */
  refreshFailed: boolean;
}

/** The parts of TanStack Query's answer the refresh state is read from. */
export interface RefreshFacts {
  status: 'pending' | 'error' | 'success';
  /** 'paused': offline, the request waits for a connection. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
  hasData: boolean;
  isPlaceholderData: boolean;
}

/**
 * Whether the list is stuck: its request waits for a connection (offline), or a refresh of
 * items already loaded failed. (A first load that fails has nothing to show: the list's error.)
 * A placeholder list is then not "loading" any more, so screens stop dimming it.
 */
export function refreshState(facts: RefreshFacts): Pick<PagedListState, 'refreshFailed' | 'isPlaceholderData'> {
  const refreshFailed = facts.fetchStatus === 'paused' || (facts.status === 'error' && facts.hasData);
  return { refreshFailed, isPlaceholderData: facts.isPlaceholderData && !refreshFailed };
}

/** A cursor-paged list as a screen shows it: loading, failed (with why), or the items so far. */
export type PagedList<TItem> = PagedListState &
  (
    | { status: 'pending'; items: undefined; error: null }
    | { status: 'error'; items: TItem[] | undefined; error: Error }
    | { status: 'success'; items: TItem[]; error: null }
  );

/** The one paged-list hook: a list from cursorListQuery, read a page at a time ("Load more"). */
export function usePagedList<TPage, TItem, TKey extends QueryKey>(
  options: UseInfiniteQueryOptions<TPage, Error, TItem[], TKey, string | undefined>,
): PagedList<TItem> {
  const query = useInfiniteQuery(options);
  const state: PagedListState = {
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    refetch: () => void query.refetch(),
    isFetching: query.isFetching,
    ...refreshState({ status: query.status, fetchStatus: query.fetchStatus, hasData: query.data !== undefined, isPlaceholderData: query.isPlaceholderData }),
  };
  if (query.status === 'pending') return { ...state, status: 'pending', items: undefined, error: null };
  if (query.status === 'error') return { ...state, status: 'error', items: query.data, error: query.error };
  return { ...state, status: 'success', items: query.data, error: null };
}
