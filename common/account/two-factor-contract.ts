import { z } from 'zod';
import { twoFactorCodeSchema, twoFactorPasswordSchema, twoFactorStatusSchema, verifyTotpSchema } from './two-factor';
import { defineRoute } from '../contracts/define';

/** Where the two-factor router is mounted (server/app.ts), beside other routers of /api/account. */
export const TWO_FACTOR_BASE = '/api/account';

/** New recovery codes, shown once. */
const recoveryCodesAnswerSchema = z.object({ backupCodes: z.array(z.string()) });
/** better-auth's own answer to a change (a status, or the new session's token): the web reads nothing of it. */
const changedAnswerSchema = z.looseObject({});

/**
 * The signed-in person's two-factor sign-in. The state is ours; turning it on or off and the
 * recovery codes are better-auth's endpoints under /api/auth/two-factor, which the auth proxy
 * (server/auth/routes.ts) checks against these same bodies before better-auth sees them.
 * A change proved with a code instead of the password has its own "-with-code" path.
 */
export const twoFactorContracts = {
  status: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/account/two-factor', response: twoFactorStatusSchema }),
  enable: defineRoute({
    access: 'signedIn',
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    body: twoFactorPasswordSchema,
    response: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
  }),
  verifyTotp: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/auth/two-factor/verify-totp', body: verifyTotpSchema, response: changedAnswerSchema }),
  disable: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/auth/two-factor/disable', body: twoFactorPasswordSchema, response: changedAnswerSchema }),
  disableWithCode: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/auth/two-factor/disable-with-code', body: twoFactorCodeSchema, response: changedAnswerSchema }),
  newCodes: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/auth/two-factor/generate-backup-codes', body: twoFactorPasswordSchema, response: recoveryCodesAnswerSchema }),
  newCodesWithCode: defineRoute({
    access: 'signedIn',
    method: 'POST',
    path: '/api/auth/two-factor/generate-backup-codes-with-code',
    body: twoFactorCodeSchema,
    response: recoveryCodesAnswerSchema,
  }),
};
