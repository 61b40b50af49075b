import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_ISSUER } from '@common/two-factor';

/** The cookie better-auth's plugin sets between the password and the code (two-factor/constant.mjs). */
const TWO_FACTOR_COOKIE = 'two_factor';

/**
 * better-auth's own two-factor plugin: TOTP (6 digits, 30 seconds, one step either side) and
 * 10 single-use recovery codes, both stored encrypted with the auth secret in authTwoFactors.
 * No "trust this device" (the body schema refuses it) and no emailed codes.
 */
export const twoFactorPlugin = () =>
  twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10, storeBackupCodes: 'encrypted' },
    totpOptions: { digits: 6, period: 30 },
    // The code step has ten minutes after the password.
    twoFactorCookieMaxAge: 600,
    schema: { twoFactor: { modelName: 'authTwoFactors' } },
  });

export interface TwoFactorSubject {
  userId: string;
  email: string;
  /** True when a session asks (turning it on in settings); false between the password and the code. */
  signedIn: boolean;
}

/**
 * Drabble's part: the browsers and addresses an account has signed in from (authKnownSignIns,
 * one row per account, browser and address; the "New sign-in" email), and a server-only
 * endpoint that names who a code is being checked for, so the /api/auth wrapper can count
 * wrong codes against that account's password limits before better-auth checks the code.
 */
export const signInSafetyPlugin = () =>
  ({
    id: 'drabble-sign-in-safety',
    schema: {
      knownSignIn: {
        modelName: 'authKnownSignIns',
        fields: {
          userId: { type: 'string', required: true, references: { model: 'user', field: 'id', onDelete: 'cascade' }, index: true },
          /** `<userId>|<browser>|<address>`: one atomic insert decides whether the pair is new. */
          pairKey: { type: 'string', required: true, unique: true },
          browser: { type: 'string', required: true },
          address: { type: 'string', required: true },
          createdAt: { type: 'date', required: true },
        },
      },
    },
    endpoints: {
      twoFactorSubject: createAuthEndpoint({ method: 'GET' }, async (ctx): Promise<TwoFactorSubject | null> => {
        const session = await getSessionFromCtx(ctx);
        if (session) return { userId: session.user.id, email: session.user.email, signedIn: true };
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return null;
        const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!pending || pending.expiresAt < new Date()) return null;
        const user = await ctx.context.internalAdapter.findUserById(pending.value);
        return user ? { userId: user.id, email: user.email, signedIn: false } : null;
      }),
    },
  }) satisfies BetterAuthPlugin;
