import { ACCOUNT_TEXTS, PROVIDER_IDS, PROVIDER_LABELS, type ProviderId } from '@common/account/account';
import { REGISTRATION_TEXTS } from '@common/registration/registration';

/** The provider named in ?provider=, when it is one we know. */
export function providerFromParam(value: string | null): ProviderId | null {
  return (PROVIDER_IDS as readonly (string | null)[]).includes(value) ? (value as ProviderId) : null;
}

/** /login?provider=<id>&error=<code>: why a provider sign-in came back without signing in. */
export function providerSignInError(provider: ProviderId | null, code: string): string {
  // Who may join: the same words as an email sign-up gets.
  if (code === 'invite_required') return REGISTRATION_TEXTS.inviteRequired;
  if (code === 'invite_invalid') return REGISTRATION_TEXTS.inviteInvalid;
  if (code === 'sign_up_not_possible') return REGISTRATION_TEXTS.emailNotPossible;
  if (!provider) return 'Sign-in with that provider failed. Please try again.';
  const label = PROVIDER_LABELS[provider];
  return code === 'account_not_linked' ? ACCOUNT_TEXTS.providerAccountExists(label) : `Sign-in with ${label} failed. Please try again.`;
}

/** /settings?provider=<id>&error=<code>: why connecting a provider failed. */
export function providerConnectError(provider: ProviderId | null, code: string): string {
  const label = provider ? PROVIDER_LABELS[provider] : null;
  if (!label) return 'Could not connect that account. Please try again.';
  if (code === "email_doesn't_match") return `That ${label} account uses a different email address.`;
  if (code === 'account_already_linked_to_different_user') return `That ${label} account is already connected to another Drabble account.`;
  // The identity does not vouch for the address (server/auth/auth.ts, account create hook).
  if (code === 'unable_to_link_account') return `${label} has not verified that email address, so it can't be connected.`;
  return `Could not connect ${label}. Please try again.`;
}
