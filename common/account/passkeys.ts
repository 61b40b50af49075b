import { z } from 'zod';
import { safeText } from '../shared/text';

/**
 * Passkeys (WebAuthn): added and named in /settings, used by "Sign in with a
 * passkey". A passkey sign-in counts as two-factor: the device held the key and checked the
 * person (fingerprint, face or PIN), so no code is asked after it.
 */

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = safeText('Passkey name')
  .trim()
  .min(1, 'Please enter a name for the passkey.')
  .max(PASSKEY_NAME_MAX, `A passkey name can be at most ${PASSKEY_NAME_MAX} characters.`);

/** PATCH /api/account/passkeys/:id */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema }).strict();
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/account/passkeys, newest first; PATCH answers the renamed one. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * A browser's WebAuthn answer as JSON (what @simplewebauthn/browser sends): checked for its
 * shape here, its signature and challenge by better-auth's passkey plugin. Bounded, so a
 * client cannot hand the verifier megabytes.
 */
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'The passkey answer is not valid.');
const credentialAnswer = <R extends z.ZodRawShape>(response: R) =>
  z.looseObject({
    id: base64url(1_400).min(1),
    rawId: base64url(1_400).min(1),
    type: z.literal('public-key'),
    response: z.looseObject(response),
  });

/** POST /api/auth/passkey/verify-registration */
export const verifyPasskeyRegistrationSchema = z
  .object({
    response: credentialAnswer({
      clientDataJSON: base64url(4_000),
      attestationObject: base64url(16_000),
      transports: z.array(z.string().max(32)).max(10).default([]),
    }),
    name: passkeyNameSchema,
  })
  .strict();

/** POST /api/auth/passkey/verify-authentication */
export const verifyPasskeyAuthenticationSchema = z
  .object({
    response: credentialAnswer({
      clientDataJSON: base64url(4_000),
      authenticatorData: base64url(4_000),
      signature: base64url(2_000),
    }),
  })
  .strict();

export const PASSKEY_TEXTS = {
  notFound: 'That passkey was not found.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  challengeExpired: 'That took too long. Please try again.',
  unknownPasskey: 'This passkey is not set up for a Drabble account. Sign in another way, then add it in Settings.',
  signInFailed: 'Signing in with the passkey did not work. Please try again.',
  addFailed: 'The passkey could not be added. Please try again.',
  notFresh: 'For your safety, sign out and sign in again before adding a passkey.',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  alreadyAdded: 'This device already has a passkey for your account.',
} as const;
