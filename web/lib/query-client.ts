import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { isClientError } from './api';

const MAX_RETRIES = 2;

/**
 * TanStack Query's client, except that invalidating an answer whose first read is still on its
 * way sends another read. TanStack restarts a refetch on invalidation (`cancelRefetch`, its
 * default) but joins a first read instead (TanStack/query#8530), and that read may have been
 * answered before the change being saved: the bookmark menu showed "Saved to Read later." beside
 * an unticked Read later, its list read racing the save. The first reads the invalidation will
 * refetch (the active ones, unless `refetchType` says otherwise) are cancelled, so it reads afresh,
 * as it does for a query that already has data; one nothing shows (a `fetchQuery` being awaited)
 * is left to finish, as TanStack leaves it.
 */
class AppQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const refetched = filters?.refetchType ?? filters?.type ?? 'active';
    if (options?.cancelRefetch !== false && refetched !== 'none') {
      const firstReads = this.getQueryCache()
        .findAll({ ...filters, type: refetched, fetchStatus: 'fetching' })
        .filter((query) => query.state.data === undefined);
      await Promise.all(firstReads.map((query) => query.cancel({ silent: true })));
    }
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
