import { twoFactorStatusSchema } from './two-factor';
import { defineRoute } from '../contracts/define';

/** Where the two-factor router is mounted (server/app.ts), beside other routers of /api/account. */
export const TWO_FACTOR_BASE = '/api/account';

/**
 * The signed-in person's two-factor state. Turning it on or off and the codes are better-auth's
 * endpoints under /api/auth/two-factor (server/auth/routes.ts), which have no contracts.
 */
export const twoFactorContracts = {
  status: defineRoute({ method: 'GET', path: '/api/account/two-factor', response: twoFactorStatusSchema }),
};
