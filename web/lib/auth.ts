import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { authConfigSchema } from '@common/api';
import { meResponseSchema, type MeResponse, type UserRecord } from '@common/user';
import { apiFetch, isApiError } from './api';
import { setEventLogSignedIn } from './event-log';

/** `null` means signed out: the API answers 401 then, which is not an error here. */
async function fetchMe(): Promise<MeResponse | null> {
  try {
    const me = await apiFetch('/api/me', { schema: meResponseSchema });
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

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'] as const,
  queryFn: () => apiFetch('/api/auth-config', { schema: authConfigSchema }),
  staleTime: Infinity,
});

export interface EmailCredentials {
  email: string;
  password: string;
}

export async function signInWithEmail(credentials: EmailCredentials): Promise<void> {
  await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: credentials });
}

export async function signUpWithEmail(credentials: EmailCredentials & { name: string }): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: credentials });
}

export type OAuthProviderId = 'google' | 'microsoft';

const oauthStartSchema = z.object({ url: z.string().min(1), redirect: z.boolean().optional() });

/**
 * Asks the server where to send the browser for a provider sign-in, and goes there. A refusal
 * comes back to /login?provider=<id>&error=<code> (account_not_linked: the email has an account).
 */
export async function startOAuthSignIn(providerId: OAuthProviderId, next: string): Promise<void> {
  const { url } = await apiFetch('/api/auth/sign-in/oauth2', {
    method: 'POST',
    body: { providerId, callbackURL: next, errorCallbackURL: `/login?provider=${providerId}` },
    schema: oauthStartSchema,
  });
  window.location.assign(url);
}

/**
 * Connects a provider to the signed-in account: the browser goes to the provider and comes
 * back to /settings, or to /settings?provider=<id>&error=<code> when it was refused.
 */
export async function startOAuthLink(providerId: OAuthProviderId): Promise<void> {
  const { url } = await apiFetch('/api/auth/oauth2/link', {
    method: 'POST',
    body: { providerId, callbackURL: '/settings', errorCallbackURL: `/settings?provider=${providerId}` },
    schema: oauthStartSchema,
  });
  window.location.assign(url);
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
  }, [queryClient, navigate]);
}
