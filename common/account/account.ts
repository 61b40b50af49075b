import { z } from 'zod';
import { emailSchema } from '../shared/api';
import { DISPLAY_NAME_MAX, PASSWORD_MAX_LENGTH } from '../shared/limits';
import { safeText } from '../shared/text';

/**
 * The self-service account API (/api/account/*): verification, password reset, email and
 * password change, connected providers and sessions. Shared by the server and the web app.
 */

export const PROVIDER_IDS = ['google', 'microsoft'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
export const PROVIDER_LABELS: Record<ProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Lifetimes of the links we email. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export { ACCOUNT_TEXTS } from './texts';

export const displayNameSchema = safeText('Display name')
  .trim()
  .min(1, 'Please enter a display name.')
  .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters.`);

/** The minimum length is configured on the server (PASSWORD_MIN_LENGTH) and checked there. */
export const newPasswordSchema = z
  .string()
  .min(1, 'Please enter a new password.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A token from an emailed link: url-safe base64, bounded. */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.');

/** PATCH /api/account/name */
export const displayNameUpdateSchema = z.object({ displayName: displayNameSchema }).strict();
export type DisplayNameUpdate = z.infer<typeof displayNameUpdateSchema>;

/** POST /api/account/email: currentPassword is required when the account has a password. */
export const emailChangeSchema = z
  .object({ newEmail: emailSchema, currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** POST /api/account/password */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.').max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** POST /api/account/password/forgot */
export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** POST /api/account/password/reset: on success the browser holds a fresh session. */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, newPassword: newPasswordSchema }).strict();
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** POST /api/account/verify-email and POST /api/account/email/confirm */
export const linkTokenBodySchema = z.object({ token: linkTokenSchema }).strict();
export type LinkTokenBody = z.infer<typeof linkTokenBodySchema>;

export const connectedProviderSchema = z.object({
  id: z.enum(PROVIDER_IDS),
  label: z.string(),
  /** The server has credentials for it (GOOGLE_CLIENT_ID…): it can be connected. */
  configured: z.boolean(),
  connected: z.boolean(),
});
export type ConnectedProvider = z.infer<typeof connectedProviderSchema>;

/** GET /api/account */
export const accountOverviewSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  providers: z.array(connectedProviderSchema),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;
/** POST /api/account/providers/:id/disconnect: the overview now, with the sentence that says so. */
export const providerDisconnectedSchema = accountOverviewSchema.extend({ message: z.string() });

export const accountSessionSchema = z.object({
  /** The session's id (never its token). */
  id: z.string(),
  current: z.boolean(),
  /** "Chrome on Linux", from the user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/account/sessions, newest activity first, the current one included. */
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** Answer of the actions that only report success: a sentence the web may show as a toast. */
export const accountMessageSchema = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageSchema>;
