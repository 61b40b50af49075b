import { defineRoute } from '../contracts/define';
import { digestSettingsResponseSchema, digestSettingsUpdateSchema, digestUnsubscribeQuerySchema, digestUnsubscribeResponseSchema } from './digest';

/** Where the digest settings router is mounted (server/app.ts). */
export const DIGEST_SETTINGS_BASE = '/api/me/digest';
/** Where the one-click unsubscribe is mounted (server/app.ts). */
export const DIGEST_BASE = '/api/digest';

/** The reader's weekly digest: whether it is on, and the day and hour in their zone. */
export const digestContracts = {
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/digest', response: digestSettingsResponseSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/me/digest', body: digestSettingsUpdateSchema, response: digestSettingsResponseSchema }),
  /**
   * No sign-in: the emailed token is the proof. Mail clients' one-click POST (RFC 8058) sends the
   * List-Unsubscribe URL as it is, with a form body that is never read; the confirmation page sends the same.
   */
  unsubscribe: defineRoute({ access: 'guest', method: 'POST', path: '/api/digest/unsubscribe', query: digestUnsubscribeQuerySchema, response: digestUnsubscribeResponseSchema }),
};
