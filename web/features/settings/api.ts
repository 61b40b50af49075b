import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_TEXTS,
  PROVIDER_LABELS,
  type AccountMessage,
  type DisplayNameUpdate,
  type EmailChange,
  type ForgotPassword,
  type LinkTokenBody,
  type PasswordChange,
  type ProviderId,
  type ResetPassword,
} from '@common/account/account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT } from '@common/shared/limits';
import { PASSKEY_TEXTS, type PasskeyRename } from '@common/account/passkeys';
import { HANDLE_TEXTS, type HandleUpdate } from '@common/handles/handle';
import { accountContracts } from '@common/account/contract';
import { handleContracts } from '@common/handles/contract';
import { meContracts } from '@common/me/contract';
import { passkeyContracts } from '@common/account/passkeys-contract';
import { callRoute } from '../../lib/call-route';
import { ME_QUERY_KEY, setCurrentUserData } from '../../lib/auth';
import { authConfigQueryOptions, startOAuthLink } from '../../lib/sign-in';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { feedKeys, profileKeys, storyKeys } from '../../lib/query-keys';
import type { ReadingPreferencesUpdate } from '@common/stories/content-warnings';

/** Everything about the signed-in account's settings lives under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  overview: ['account', 'overview'] as const,
  sessions: ['account', 'sessions'] as const,
  passkeys: ['account', 'passkeys'] as const,
};

export const accountQuery = queryOptions({
  queryKey: accountKeys.overview,
  queryFn: ({ signal }) => callRoute(accountContracts.overview, { signal }),
  // Connecting a provider happens on another site: fetch afresh on every visit.
  staleTime: 0,
});

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => callRoute(accountContracts.sessions, { signal }),
  staleTime: 0,
});

/** The server's password length policy (GET /api/auth-config), with the defaults while it loads. */
export function usePasswordPolicy(): { min: number; max: number } {
  const { data: config } = useQuery(authConfigQueryOptions);
  return { min: config?.minPasswordLength ?? PASSWORD_MIN_LENGTH_DEFAULT, max: config?.maxPasswordLength ?? PASSWORD_MAX_LENGTH };
}

/*
 * A change to the account: the success toast shows, the answer is applied and the queries it
 * touches refetch; a failure toasts the server's message (ACCOUNT_TEXTS.tooOften on 429), except
 * on the emailed-link screens, which show it beside the form (failure: false).
 */

const serverMessage = ({ message }: AccountMessage) => message;

/** The name shows on the nav, the profile and story cards. */
export const useUpdateDisplayName = () =>
  useApiMutation({
    request: (body: DisplayNameUpdate) => callRoute(accountContracts.name, { body }),
    success: ACCOUNT_TEXTS.nameUpdated,
    onSuccess: (me, _body, queryClient) => {
      setCurrentUserData(queryClient, me);
      return invalidateAll(queryClient, [profileKeys.all, storyKeys.all]);
    },
  });

/** The handle shows on the profile (and finds it at /@handle). A refusal (taken, invalid) shows beside the form. */
export const useChangeHandle = () =>
  useApiMutation({
    request: (body: HandleUpdate) => callRoute(handleContracts.change, { body }),
    success: HANDLE_TEXTS.updated,
    failure: false,
    onSuccess: (me, _body, queryClient) => {
      setCurrentUserData(queryClient, me);
      return invalidateAll(queryClient, [profileKeys.all]);
    },
  });

/** Sends a confirmation link to the new address; the email changes when it is opened. A refusal shows beside the form. */
export const useChangeEmail = () => useApiMutation({ request: (body: EmailChange) => callRoute(accountContracts.changeEmail, { body }), success: serverMessage, failure: false });

/** The server signs out every other session. A refusal (a wrong current password) shows beside the form. */
export const useChangePassword = () =>
  useApiMutation({
    request: (body: PasswordChange) => callRoute(accountContracts.changePassword, { body }),
    success: serverMessage,
    failure: false,
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [accountKeys.sessions]),
  });

/** Settings, for an account without a password: the reset link sets the first one. */
export const useSendSetPasswordLink = () =>
  useApiMutation({
    request: (body: ForgotPassword) => callRoute(accountContracts.forgotPassword, { body }),
    success: (_answer, { email }) => ACCOUNT_TEXTS.setPasswordSent(email),
  });

/** /forgot-password: the screen shows the answer (always ACCOUNT_TEXTS.forgotAnswer) and any failure. */
export const useForgotPassword = () => useApiMutation({ request: (body: ForgotPassword) => callRoute(accountContracts.forgotPassword, { body }), failure: false });

/** /reset-password: the answer is the user, now signed in with a fresh session. */
export const useResetPassword = () =>
  useApiMutation({
    request: (body: ResetPassword) => callRoute(accountContracts.resetPassword, { body }),
    success: ACCOUNT_TEXTS.passwordReset,
    failure: false,
    onSuccess: (me, _body, queryClient) => {
      setCurrentUserData(queryClient, me);
      return invalidateAll(queryClient, [accountKeys.all]);
    },
  });

/** /verify-email and /confirm-email, signed in or out: the current user is reloaded afterwards. */
export const useVerifyEmail = () =>
  useApiMutation({
    request: (body: LinkTokenBody) => callRoute(accountContracts.verifyEmail, { body }),
    failure: false,
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [ME_QUERY_KEY, accountKeys.all]),
  });

export const useConfirmEmail = () =>
  useApiMutation({
    request: (body: LinkTokenBody) => callRoute(accountContracts.confirmEmail, { body }),
    failure: false,
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [ME_QUERY_KEY, accountKeys.all]),
  });

/** Sends the browser to the provider; it comes back to /settings. */
export const useConnectProvider = () => useApiMutation({ request: (id: ProviderId) => startOAuthLink(id) });

export const useDisconnectProvider = () =>
  useApiMutation({
    request: (id: ProviderId) => callRoute(accountContracts.disconnectProvider, { params: { id } }),
    success: (_overview, id) => ACCOUNT_TEXTS.providerDisconnected(PROVIDER_LABELS[id]),
    onSuccess: (overview, _id, queryClient) => queryClient.setQueryData(accountQuery.queryKey, overview),
  });

export const useRevokeSession = () =>
  useApiMutation({
    request: (id: string) => callRoute(accountContracts.revokeSession, { params: { id } }),
    success: serverMessage,
    onSuccess: (_answer, _id, queryClient) => invalidateAll(queryClient, [accountKeys.sessions]),
  });

export const useRevokeOtherSessions = () =>
  useApiMutation({
    request: () => callRoute(accountContracts.revokeOtherSessions, {}),
    success: serverMessage,
    onSuccess: (_answer, _vars, queryClient) => invalidateAll(queryClient, [accountKeys.sessions]),
  });

/** Passkeys: the list in Settings; adding one is lib/passkeys.ts. */
export const passkeysQuery = queryOptions({
  queryKey: accountKeys.passkeys,
  queryFn: ({ signal }) => callRoute(passkeyContracts.list, { signal }),
  staleTime: 0,
});

/** A refusal (a name too long) shows beside the form. */
export const useRenamePasskey = () =>
  useApiMutation({
    request: ({ id, name }: PasskeyRename & { id: string }) =>
      callRoute(passkeyContracts.rename, { params: { id }, body: { name } }),
    success: PASSKEY_TEXTS.renamed,
    failure: false,
    onSuccess: (_passkey, _body, queryClient) => invalidateAll(queryClient, [accountKeys.passkeys]),
  });

export const useRemovePasskey = () =>
  useApiMutation({
    request: (id: string) => callRoute(passkeyContracts.remove, { params: { id } }),
    success: serverMessage,
    onSuccess: (_answer, _id, queryClient) => invalidateAll(queryClient, [accountKeys.passkeys]),
  });

/** Content warnings the reader hides and "always show the text": every story list refetches, since what it may hold changed. */
export const useSaveReadingPreferences = () =>
  useApiMutation({
    request: (body: ReadingPreferencesUpdate) => callRoute(meContracts.readingPreferences, { body }),
    success: 'Content warning settings saved.',
    onSuccess: (me, _body, queryClient) => {
      setCurrentUserData(queryClient, me);
      return invalidateAll(queryClient, [storyKeys.all, profileKeys.all, feedKeys.all]);
    },
  });
