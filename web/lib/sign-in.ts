import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { registrationInfoContracts } from '@common/registration/contract';
import { apiFetch } from './api';
import { callRoute } from './call-route';
import { loginPathFor } from './safe-next';

// Apart from lib/auth.ts (the session, on every page): only the login screen and Settings sign in or connect providers.

export { authConfigQueryOptions } from './auth-config';

/** Who may join: the mode, and whether the invite in the address can be used. */
export const registrationInfoQuery = (invite: string | null) =>
  queryOptions({
    queryKey: ['registration', invite] as const,
    queryFn: ({ signal }) => callRoute(registrationInfoContracts.info, { query: { invite: invite ?? undefined }, signal }),
    staleTime: 60_000,
  });

export interface EmailCredentials {
  email: string;
  password: string;
}

const signInAnswerSchema = z.looseObject({ twoFactorRedirect: z.boolean().optional() });

/** The password step; `twoFactor` when the account asks for a code next. */
export async function signInWithEmail(credentials: EmailCredentials): Promise<{ twoFactor: boolean }> {
  const answer = await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: credentials, schema: signInAnswerSchema });
  return { twoFactor: answer.twoFactorRedirect === true };
}

/** The code step of a sign-in: a code from the authenticator app, or a recovery code. */
export async function signInWithCode(kind: 'totp' | 'recovery', code: string): Promise<void> {
  await apiFetch(kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } });
}

export async function signUpWithEmail(credentials: EmailCredentials & { name: string; invite?: string }): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: credentials });
}

export type OAuthProviderId = 'google' | 'microsoft';

const oauthStartSchema = z.object({ url: z.string().min(1), redirect: z.boolean().optional() });

/**
 * Asks the server where to send the browser for a provider sign-in, and goes there. A refusal
 * comes back to /login?provider=<id>&error=<code> (account_not_linked: the email has an account).
 * Success comes back through the login screen, which hands over to `next` as an email sign-in
 * does, marked as a return (so the tutorial does not open over the page the person came for).
 */
export async function startOAuthSignIn(providerId: OAuthProviderId, next: string, invite?: string): Promise<void> {
  const { url } = await apiFetch('/api/auth/sign-in/oauth2', {
    method: 'POST',
    // An invite rides along for a new person: the server keeps it until the provider answers.
    body: { providerId, callbackURL: next === '/' ? '/' : loginPathFor(next), errorCallbackURL: `/login?provider=${providerId}`, ...(invite ? { invite } : {}) },
    schema: import.meta.env.DEV ? oauthStartSchema : undefined,
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
    schema: import.meta.env.DEV ? oauthStartSchema : undefined,
  });
  window.location.assign(url);
}
