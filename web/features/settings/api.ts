import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ACCOUNT_TEXTS,
  accountMessageSchema,
  accountOverviewSchema,
  accountSessionsSchema,
  PROVIDER_LABELS,
  type AccountMessage,
  type DisplayNameUpdate,
  type EmailChange,
  type ForgotPassword,
  type LinkTokenBody,
  type PasswordChange,
  type ProviderId,
  type ResetPassword,
} from '@common/account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT } from '@common/limits';
import { meResponseSchema } from '@common/user';
import { apiFetch, isApiError } from '../../lib/api';
import { authConfigQueryOptions, ME_QUERY_KEY, setCurrentUserData, startOAuthLink } from '../../lib/auth';
import { useToast } from '../../app/toasts/toast-context';
import { FALLBACK_AUTH_MESSAGE } from '../auth/auth-form';
import { profileKeys } from '../profile/api';
import { storyKeys } from '../stories/api/keys';

/** Everything about the signed-in account's settings lives under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  overview: ['account', 'overview'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const accountQuery = queryOptions({
  queryKey: accountKeys.overview,
  queryFn: ({ signal }) => apiFetch('/api/account', { schema: accountOverviewSchema, signal }),
  // Connecting a provider happens on another site: fetch afresh on every visit.
  staleTime: 0,
});

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => apiFetch('/api/account/sessions', { schema: accountSessionsSchema, signal }),
  staleTime: 0,
});

/** The server's password length policy (GET /api/auth-config), with the defaults while it loads. */
export function usePasswordPolicy(): { min: number; max: number } {
  const { data: config } = useQuery(authConfigQueryOptions);
  return { min: config?.minPasswordLength ?? PASSWORD_MIN_LENGTH_DEFAULT, max: config?.maxPasswordLength ?? PASSWORD_MAX_LENGTH };
}

/** What a failed account call shows: the server's sentence, or ACCOUNT_TEXTS.tooOften on 429. */
export function accountErrorMessage(error: unknown): string {
  if (!isApiError(error)) return FALLBACK_AUTH_MESSAGE;
  return error.status === 429 || error.code === 'rate_limited' ? ACCOUNT_TEXTS.tooOften : error.message;
}

interface AccountMutationOptions<V, R> {
  /** The success toast; left out where the screen shows the outcome itself. */
  success?: (result: R, vars: V) => string;
  /** Puts the answer into the cache (the current user, the overview) or acts on it. */
  onSaved?: (queryClient: QueryClient, result: R) => void;
  /** Refetched once the change is saved. */
  invalidate?: readonly QueryKey[];
  /** False where the screen shows the failure beside the form (the emailed-link screens). */
  toastError?: boolean;
}

/**
 * A change to the account: the answer is applied, the success toast shows and the queries
 * it touches refetch; a failure toasts the server's message (ACCOUNT_TEXTS.tooOften on 429).
 * Forms keep what was typed on failure: they only clear themselves in their own onSuccess.
 */
function useAccountMutation<V, R>(request: (vars: V) => Promise<R>, { success, onSaved, invalidate = [], toastError = true }: AccountMutationOptions<V, R> = {}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, vars) => {
      onSaved?.(queryClient, result);
      if (success) toast(success(result, vars), 'success');
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (toastError) toast(accountErrorMessage(error), 'error');
    },
  });
}

const postMessage = (path: string, body: unknown = {}) => apiFetch(`/api/account${path}`, { method: 'POST', body, schema: accountMessageSchema });
const serverMessage = ({ message }: AccountMessage) => message;

/** The name shows on the nav, the profile and story cards. */
export const useUpdateDisplayName = () =>
  useAccountMutation((body: DisplayNameUpdate) => apiFetch('/api/account/name', { method: 'PATCH', body, schema: meResponseSchema }), {
    success: () => ACCOUNT_TEXTS.nameUpdated,
    onSaved: setCurrentUserData,
    invalidate: [profileKeys.all, storyKeys.all],
  });

/** Sends a confirmation link to the new address; the email changes when it is opened. */
export const useChangeEmail = () => useAccountMutation((body: EmailChange) => postMessage('/email', body), { success: serverMessage });

export const useResendVerification = () => useAccountMutation(() => postMessage('/verification/resend'), { success: serverMessage });

/** The server signs out every other session. */
export const useChangePassword = () =>
  useAccountMutation((body: PasswordChange) => postMessage('/password', body), { success: serverMessage, invalidate: [accountKeys.sessions] });

/** Settings, for an account without a password: the reset link sets the first one. */
export const useSendSetPasswordLink = () =>
  useAccountMutation((body: ForgotPassword) => postMessage('/password/forgot', body), {
    success: (_answer, { email }) => ACCOUNT_TEXTS.setPasswordSent(email),
  });

/** /forgot-password: the screen shows the answer (always ACCOUNT_TEXTS.forgotAnswer) and any failure. */
export const useForgotPassword = () => useAccountMutation((body: ForgotPassword) => postMessage('/password/forgot', body), { toastError: false });

/** /reset-password: the answer is the user, now signed in with a fresh session. */
export const useResetPassword = () =>
  useAccountMutation((body: ResetPassword) => apiFetch('/api/account/password/reset', { method: 'POST', body, schema: meResponseSchema }), {
    success: () => ACCOUNT_TEXTS.passwordReset,
    onSaved: setCurrentUserData,
    invalidate: [accountKeys.all],
    toastError: false,
  });

/** /verify-email and /confirm-email, signed in or out: the current user is reloaded afterwards. */
export const useVerifyEmail = () =>
  useAccountMutation((body: LinkTokenBody) => postMessage('/verify-email', body), { invalidate: [ME_QUERY_KEY, accountKeys.all], toastError: false });

export const useConfirmEmail = () =>
  useAccountMutation((body: LinkTokenBody) => postMessage('/email/confirm', body), { invalidate: [ME_QUERY_KEY, accountKeys.all], toastError: false });

/** Sends the browser to the provider; it comes back to /settings. */
export const useConnectProvider = () => useAccountMutation((id: ProviderId) => startOAuthLink(id));

export const useDisconnectProvider = () =>
  useAccountMutation(
    (id: ProviderId) => apiFetch(`/api/account/providers/${id}/disconnect`, { method: 'POST', body: {}, schema: accountOverviewSchema }),
    {
      success: (_overview, id) => ACCOUNT_TEXTS.providerDisconnected(PROVIDER_LABELS[id]),
      onSaved: (queryClient, overview) => queryClient.setQueryData(accountQuery.queryKey, overview),
    },
  );

export const useRevokeSession = () =>
  useAccountMutation((id: string) => apiFetch(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: accountMessageSchema }), {
    success: serverMessage,
    invalidate: [accountKeys.sessions],
  });

export const useRevokeOtherSessions = () =>
  useAccountMutation(() => postMessage('/sessions/revoke-others'), { success: serverMessage, invalidate: [accountKeys.sessions] });
