import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../shared/limits';

/**
 * Two-factor sign-in: a code from an authenticator app (TOTP, 6 digits every 30
 * seconds) or one of 10 single-use recovery codes, asked after the password.
 */
export const TWO_FACTOR_ISSUER = 'Drabble';
export const RECOVERY_CODE_COUNT = 10;

const password = z.string().min(1, 'Please enter your password.').max(PASSWORD_MAX_LENGTH);
/** Spaces people type or paste ("123 456") are dropped. */
const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));
/**
 * Recovery codes look like "k7m2p-x9d4r" (no look-alike characters); any case, and the dash is
 * optional when typed. They go on in lower case: the server compares them so, codes given
 * before in mixed case included.
 */
const recoveryCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Enter one of your recovery codes, like k7m2p-x9d4r.'))
  .transform((v) => (v.includes('-') ? v : `${v.slice(0, 5)}-${v.slice(5)}`).toLowerCase());

/**
 * Settings' "Use a code instead" (turning it off, new recovery codes): a code from the app or a
 * recovery code, told apart by their shapes (6 digits; 10 letters and digits).
 */
const appOrRecoveryCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code from your app or one of your recovery codes.'))
  .transform((v) => (isAppCode(v) ? v : (v.includes('-') ? v : `${v.slice(0, 5)}-${v.slice(5)}`).toLowerCase()));

/** Whether a tidied code is one from the authenticator app (else it is a recovery code). */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

export const twoFactorPasswordSchema = z.object({ password }).strict();
export const twoFactorCodeSchema = z.object({ code: appOrRecoveryCode }).strict();
export const verifyTotpSchema = z.object({ code: totpCode, trustDevice: z.literal(false).optional() }).strict();
export const verifyRecoveryCodeSchema = z.object({ code: recoveryCode, trustDevice: z.literal(false).optional() }).strict();

/** GET /api/account/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** This person is an admin and the site asks admins to use two-factor (REQUIRE_ADMIN_2FA). */
  required: z.boolean(),
  /** Whether the account has a password to confirm changes with (provider-only accounts do not). */
  hasPassword: z.boolean(),
  /** Whether this session passed the second factor (a code when signing in or turning it on, or a passkey). */
  passed: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const TWO_FACTOR_TEXTS = {
  codeReused: 'That code was already used. Wait for the next one in your app.',
  wrongCode: 'That code is not right. Check your app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  signInExpired: 'Your sign-in took too long. Enter your password again.',
  adminRequired: 'Admins must turn on two-factor sign-in before using the admin screens.',
  adminSignInAgain: 'This session was not signed in with your two-factor code. Sign out and sign in again with it to use the admin screens.',
} as const;
