import { meResponseSchema } from '../me/user';
import { deletionRequestSchema, deletionResponseSchema, deletionScheduledSchema } from '../your-data/your-data';
import { defineRoute } from '../contracts/define';

/** Where the account deletion router is mounted (server/app.ts). */
export const ACCOUNT_DELETION_BASE = '/api/account/deletion';

/**
 * /api/account/deletion: the person's own account only. A deactivated account's session may
 * use it (it is how they cancel); the request ends every session, this one included.
 */
export const accountDeletionContracts = {
  state: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/account/deletion', response: deletionResponseSchema }),
  /** With the account's email typed again: deactivates it now and deletes it after the grace period. */
  request: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/account/deletion', body: deletionRequestSchema, response: deletionScheduledSchema }),
  /** "Cancel deletion": the account is back; the answer is its record. */
  cancel: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/account/deletion', response: meResponseSchema }),
};
