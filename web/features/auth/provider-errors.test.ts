import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { providerConnectError, providerFromParam, providerSignInError } from './provider-errors';

describe('providerFromParam', () => {
  it('knows only our providers', () => {
    expect(providerFromParam('google')).toBe('google');
    expect(providerFromParam('microsoft')).toBe('microsoft');
    expect(providerFromParam('github')).toBeNull();
    expect(providerFromParam(null)).toBeNull();
  });
});

describe('providerSignInError', () => {
  it('sends a person with an email account to sign in with the password first', () => {
    expect(providerSignInError('google', 'account_not_linked')).toBe(ACCOUNT_TEXTS.providerAccountExists('Google'));
  });

  it('names the provider for any other failure', () => {
    expect(providerSignInError('microsoft', 'access_denied')).toBe('Sign-in with Microsoft failed. Please try again.');
    expect(providerSignInError(null, 'oauth')).toBe('Sign-in with that provider failed. Please try again.');
  });
});

describe('providerConnectError', () => {
  it('explains the refusals better-auth reports', () => {
    expect(providerConnectError('google', "email_doesn't_match")).toBe('That Google account uses a different email address.');
    expect(providerConnectError('microsoft', 'unable_to_link_account')).toBe("Microsoft has not verified that email address, so it can't be connected.");
    expect(providerConnectError('microsoft', 'account_already_linked_to_different_user')).toBe(
      'That Microsoft account is already connected to another Drabble account.',
    );
  });

  it('falls back to a general sentence', () => {
    expect(providerConnectError('google', 'state_mismatch')).toBe('Could not connect Google. Please try again.');
    expect(providerConnectError(null, 'x')).toBe('Could not connect that account. Please try again.');
  });
});

describe('provider sign-ups refused by the registration rules', () => {
  it('says what the email sign-up says', async () => {
    const { REGISTRATION_TEXTS } = await import('@common/registration/registration');
    expect(providerSignInError('google', 'invite_required')).toBe(REGISTRATION_TEXTS.inviteRequired);
    expect(providerSignInError('microsoft', 'invite_invalid')).toBe(REGISTRATION_TEXTS.inviteInvalid);
    expect(providerSignInError('google', 'sign_up_not_possible')).toBe(REGISTRATION_TEXTS.emailNotPossible);
  });
});
