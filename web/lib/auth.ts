import { API_CACHE_NAME } from '@common/shared/pwa';
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { meContracts } from '@common/me/contract';
import type { MeResponse, UserRecord } from '@common/me/user';
import { apiFetch, isApiError } from './api';
import { setEventLogSignedIn } from './event-log';

/** `null` means signed out: the API answers 401 then, which is not an error here. */
async function fetchMe(): Promise<MeResponse | null> {
  try {
    // On the first load: the schema is checked, and imported, in development only (lib/api.ts).
    const schema = import.meta.env.DEV ? (await import('@common/me/contract')).meContracts.read.response : undefined;
    // The contract's path, checked by type only: importing the contract would bring zod in.
    const path: (typeof meContracts.read)['path'] = '/api/me';
    const me = await apiFetch(path, { schema, preloaded: true });
    setEventLogSignedIn(true);
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setEventLogSignedIn(false);
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'] as const,
  queryFn: fetchMe,
  retry: 1,
  retryDelay: 500,
  // A failed answer reads as signed out; screens mounting afterwards must not refetch it
  // (each refetch would put the app back behind the first-load spinner).
  retryOnMount: false,
});

/** ['me'], tagged with its data type (`{ user } | null`) for getQueryData/setQueryData. */
export const ME_QUERY_KEY = meQueryOptions.queryKey;

/** Replaces the cached current user: `null` for signed out. */
export function setCurrentUserData(queryClient: QueryClient, data: MeResponse | null): void {
  setEventLogSignedIn(data !== null);
  queryClient.setQueryData(ME_QUERY_KEY, data);
}

export interface CurrentUserState {
  user: UserRecord | null;
  /** True until GET /api/me first answers (later refetches keep it false). */
  isPending: boolean;
}

/** The signed-in user. A failed /api/me (server unreachable) reads as signed out. */
export function useCurrentUser(): CurrentUserState {
  const { data, isFetched } = useQuery(meQueryOptions);
  return { user: data?.user ?? null, isPending: !isFetched && data === undefined };
}

/** Reloads the current user after sign-in or sign-up; resolves to whether one is now known. */
export function useRefreshCurrentUser(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // What a guest loaded (a shared story and its permissions, say) was for someone else.
    queryClient.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    return Boolean(queryClient.getQueryData(ME_QUERY_KEY)?.user);
  }, [queryClient]);
}

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
    } catch (error) {
      console.error('Sign-out failed', error);
      return;
    }
    // Leave first: a signed-in-only screen that saw the user vanish would send us to /login.
    await navigate('/');
    setCurrentUserData(queryClient, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    // What the service worker kept for reading offline was this person's.
    if (typeof caches !== 'undefined') void caches.delete(API_CACHE_NAME).catch(() => undefined);
  }, [queryClient, navigate]);
}
