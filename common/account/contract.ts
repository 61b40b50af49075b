import { z } from 'zod';
import {
  ACCOUNT_TEXTS,
  accountMessageSchema,
  accountOverviewSchema,
  accountSessionsSchema,
  displayNameUpdateSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  linkTokenBodySchema,
  passwordChangeSchema,
  PROVIDER_IDS,
  providerDisconnectedSchema,
  resetPasswordSchema,
} from './account';
import { meResponseSchema } from '../me/user';
import { defineRoute } from '../contracts/define';

/** Where the account router is mounted (server/app.ts), after the two-factor and passkey routers of the same prefix. */
export const ACCOUNT_BASE = '/api/account';

const providerParamsSchema = z.object({ id: z.enum(PROVIDER_IDS, 'No such sign-in provider.') });
// better-auth's session ids have no shape of ours: any reaches the lookup, which says the same sentence when it finds none.
const sessionParamsSchema = z.object({ id: z.string().min(1, ACCOUNT_TEXTS.sessionNotFound) });

/**
 * /api/account: a person's own sign-in details (common/account/account.ts). Every signed-in route acts
 * on the session's user only; the emailed-link routes, open to guests, act on whoever the link
 * was made for. Most answer a sentence the web may show (`{ message }`).
 */
export const accountContracts = {
  overview: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/account', response: accountOverviewSchema }),
  /** Answers the users record. */
  name: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/account/name', body: displayNameUpdateSchema, response: meResponseSchema }),
  /** Sends a confirmation link to the new address; the email changes when it is opened. */
  changeEmail: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/email', body: emailChangeSchema, response: accountMessageSchema }),
  /** Open: the emailed link of an email change. */
  confirmEmail: defineRoute({ access: 'guest', method: 'POST', path: '/api/account/email/confirm', body: linkTokenBodySchema, response: accountMessageSchema }),
  /** Open: the emailed link of a new account's address. */
  verifyEmail: defineRoute({ access: 'guest', method: 'POST', path: '/api/account/verify-email', body: linkTokenBodySchema, response: accountMessageSchema }),
  resendVerification: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/verification/resend', response: accountMessageSchema }),
  /** Signs out every other session. */
  changePassword: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/password', body: passwordChangeSchema, response: accountMessageSchema }),
  /** Open: the same answer whether or not the address has an account. */
  forgotPassword: defineRoute({ access: 'guest', method: 'POST', path: '/api/account/password/forgot', body: forgotPasswordSchema, response: accountMessageSchema }),
  /** Open: the emailed reset link; answers the users record, signed in afresh with a session cookie. */
  resetPassword: defineRoute({ access: 'guest', method: 'POST', path: '/api/account/password/reset', body: resetPasswordSchema, response: meResponseSchema }),
  disconnectProvider: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/providers/:id/disconnect', params: providerParamsSchema, response: providerDisconnectedSchema }),
  /** Newest activity first, the current one included. */
  sessions: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/account/sessions', response: accountSessionsSchema }),
  revokeSession: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/account/sessions/:id', params: sessionParamsSchema, response: accountMessageSchema }),
  revokeOtherSessions: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/sessions/revoke-others', response: accountMessageSchema }),
};
