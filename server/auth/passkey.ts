import { passkey } from '@better-auth/passkey';

/**
 * better-auth's passkey plugin (issue 26, docs/decisions/0040-passkeys.md). The relying party
 * is the app's public address (PUBLIC_URL): its host name is the rpID and its origin the only
 * origin accepted, whatever Origin header a request carries. Passkeys are discoverable
 * (resident keys), so "Sign in with a passkey" needs no email first.
 */
export const passkeyPlugin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: 'Drabble',
    origin: url.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    advanced: { webAuthnChallengeCookie: 'passkey-challenge' },
    schema: { passkey: { modelName: 'authPasskeys' } },
  });
};
