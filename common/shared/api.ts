import { z } from 'zod';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX_LENGTH } from './limits';
import { safeText } from './text';

/** Every API error has this shape: `{"error":{"code","message"}}`. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = [
  'bad_request', 'invalid_json', 'validation_failed', 'unauthenticated', 'forbidden', 'not_found',
  'conflict', 'payload_too_large', 'rate_limited', 'unavailable', 'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Public sign-in configuration the login screen needs. */
export const authConfigSchema = z.object({
  providers: z.object({ google: z.boolean(), microsoft: z.boolean() }),
  minPasswordLength: z.number().int().positive(),
  maxPasswordLength: z.number().int().positive(),
  /** No SMTP_URL: emails are not sent, and their links are printed in the server's output (server/email/mailer.ts). */
  emailPrinted: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * Sign-in and sign-up bodies, checked on the login form and again by the server. Passwords
 * are the one text outside the rule in text.ts: they are only ever hashed, never stored.
 */
export const emailSchema = z.email('Please enter a valid email address.').max(EMAIL_MAX, 'That email address is too long.');
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Please enter your password.').max(PASSWORD_MAX_LENGTH),
});
export const signUpSchema = z.object({
  email: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  name: safeText('Display name').max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters.`).default(''),
  /** The invite link's code, in invite-only mode; taken out before better-auth sees the body. */
  invite: z.string().max(64).optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Where a provider sign-in returns to: a Location header later, so printable ASCII (a browser sends paths percent-encoded). */
const returnAddressSchema = z.string().regex(/^[\x21-\x7e]{1,2000}$/, 'That return address is not valid.');
/** What an OAuth provider may send back (RFC 6749: printable ASCII), in every value of every parameter. */
const providerAnswerSchema = z.string().max(4096).regex(/^[\x20-\x7e]*$/);

/**
 * POST /api/auth/sign-in/oauth2 and /api/auth/oauth2/link: the fields better-auth would copy
 * into a redirect. Other fields pass on to better-auth, which checks them itself.
 */
export const oauthStartSchema = z.looseObject({
  providerId: z.string().max(64),
  callbackURL: returnAddressSchema.optional(),
  errorCallbackURL: returnAddressSchema.optional(),
  newUserCallbackURL: returnAddressSchema.optional(),
  /** The invite for a sign-up through the provider: kept in a cookie until the provider answers. */
  invite: z.string().max(64).optional(),
});

/** GET /api/auth/oauth2/callback/:provider, every value of every query parameter. */
export const oauthCallbackQuerySchema = z.record(z.string(), z.array(providerAnswerSchema));
