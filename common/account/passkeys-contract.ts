import { z } from 'zod';
import { accountMessageSchema } from './account';
import { PASSKEY_TEXTS, passkeyListSchema, passkeyRenameSchema, passkeySchema } from './passkeys';
import { defineRoute } from '../contracts/define';
import { userId } from '../contracts/params';

/** Where the passkeys router is mounted (server/app.ts), beside other routers of /api/account. */
export const PASSKEYS_BASE = '/api/account';

// better-auth hands out passkey ids as it does user ids.
const passkeyParamsSchema = z.object({ id: userId(PASSKEY_TEXTS.notFound) });

/**
 * The signed-in person's passkeys. Adding one and signing in with one are better-auth's
 * endpoints under /api/auth (server/auth/routes.ts), which have no contracts.
 */
export const passkeyContracts = {
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/account/passkeys', response: passkeyListSchema }),
  /** Answers the renamed passkey. */
  rename: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/account/passkeys/:id', params: passkeyParamsSchema, body: passkeyRenameSchema, response: passkeySchema }),
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/account/passkeys/:id', params: passkeyParamsSchema, response: accountMessageSchema }),
};
