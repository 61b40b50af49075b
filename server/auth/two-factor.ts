import type { BetterAuthPlugin } from 'better-auth';
import type { GenericEndpointContext } from '@better-auth/core';
import { APIError, createAuthEndpoint, getSessionFromCtx, sessionMiddleware } from 'better-auth/api';
import { deleteSessionCookie, setSessionCookie } from 'better-auth/cookies';
import { randomInt } from 'node:crypto';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_ISSUER } from '@common/account/two-factor';

/** The cookie better-auth's plugin sets between the password and the code (two-factor/constant.mjs). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** The plugin's model name inside better-auth (its table is authTwoFactors). */
const TWO_FACTOR_MODEL = 'twoFactor';
const RECOVERY_CODE_LENGTH = 10;
/** Recovery codes' characters: lower-case letters and digits without look-alikes (no 0/o, 1/l/i), about 50 bits a code. */
const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new set of recovery codes, as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = code();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
/** The code step has ten minutes after the password or the provider. */
const CODE_STEP_SECONDS = 600;

/**
 * The ways in that pass the second factor: a code at the code step (or the code from the app
 * that turns two-factor on), and a passkey, which is both factors in one (decision 0040).
 */
const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/passkey/verify-authentication']);

/** A better-auth session row: whether it passed the second factor (its `secondFactor` field, set when it was made). */
export const sessionPassed = (session: object): boolean => (session as { secondFactor?: unknown }).secondFactor === true;

/**
 * What a session being made records as `secondFactor`: whether this request proved the second
 * factor. Anything else is false, and with two-factor on it never becomes a sign-in
 * (askForCode); the session made when two-factor is turned off has no second factor left.
 */
export const passesSecondFactor = (endpoint: GenericEndpointContext | null): boolean => endpoint !== null && SECOND_FACTOR_PATHS.has(endpoint.path);

/**
 * Two-factor is off for this account (turned off here or in another browser): none of its
 * sessions stands as having passed it any more (true when one did). Through better-auth's
 * adapter, which writes the field as each database stores a boolean.
 */
export async function forgetSecondFactor(endpoint: GenericEndpointContext, userId: string): Promise<boolean> {
  const internal = endpoint.context.internalAdapter;
  const passed = (await internal.listSessions(userId)).filter(sessionPassed);
  for (const session of passed) await internal.updateSession(session.token, { secondFactor: false });
  return passed.length > 0;
}

/**
 * A session made for an account with two-factor on without the second factor (a provider's
 * callback, linked before or just now): it is dropped, and the browser is left at the same code
 * step as after the password, with the plugin's own cookie and row (as its hook makes them,
 * two-factor/index.mjs), so its /two-factor/verify-* finish the sign-in. The row's identifier
 * names the provider, for the sign-in the code completes (codeStepProvider).
 */
export async function askForCode(ctx: GenericEndpointContext, made: { session: { token: string }; user: { id: string } }, providerId: string | null): Promise<void> {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CODE_STEP_SECONDS });
  const identifier = `2fa-${providerId && /^[a-z]+$/.test(providerId) ? `${providerId}-` : ''}${generateRandomString(20)}`;
  await ctx.context.internalAdapter.createVerificationValue({ value: made.user.id, identifier, expiresAt: new Date(Date.now() + CODE_STEP_SECONDS * 1000) });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/** The provider whose sign-in the request's code step continues (askForCode), or null after a password. */
export async function codeStepProvider(ctx: GenericEndpointContext): Promise<string | null> {
  const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, ctx.context.secret);
  return (typeof identifier === 'string' && /^2fa-([a-z]+)-/.exec(identifier)?.[1]) || null;
}

/**
 * Where a provider sign-in that needs the code sends the browser: the login screen's code step,
 * keeping where the person was going (the web's return address is /login?next=…).
 */
export function codeStepPath(returnTo: string | null, publicUrl: string): string {
  const query = new URLSearchParams({ step: 'two-factor' });
  if (returnTo) {
    const url = new URL(returnTo, publicUrl);
    const next = url.origin !== new URL(publicUrl).origin ? null : url.pathname === '/login' ? url.searchParams.get('next') : url.pathname + url.search;
    if (next && next !== '/') query.set('next', next);
  }
  return `/login?${query.toString()}`;
}

/**
 * The server-only endpoints the /api/auth wrapper calls after better-auth's own verify-totp or
 * verify-backup-code has accepted a code from a signed-in person ("use a code instead" of the
 * password, auth/routes.ts). Their paths are not exposed: no request reaches them directly.
 */
export const AFTER_CODE_PATHS = { off: '/drabble/two-factor-off-after-code', codes: '/drabble/recovery-codes-after-code' } as const;

const notEnabled = () => APIError.from('BAD_REQUEST', { code: 'TWO_FACTOR_NOT_ENABLED', message: 'Two-factor isn\'t enabled' });
const twoFactorEnabled = (user: object) => (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;

/**
 * better-auth's own two-factor plugin: TOTP (6 digits, 30 seconds, one step either side) and
 * 10 single-use recovery codes, both stored encrypted with the auth secret in authTwoFactors.
 * No "trust this device" (the body schema refuses it) and no emailed codes.
 */
export const twoFactorPlugin = (secret: string) =>
  twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    backupCodeOptions: {
      amount: RECOVERY_CODE_COUNT,
      length: RECOVERY_CODE_LENGTH,
      customBackupCodesGenerate: newRecoveryCodes,
      // Encrypted as the plugin's 'encrypted' does (so rows it wrote still read), and read in lower
      // case: the plugin compares exactly, the typed code arrives in lower case (common/account/two-factor.ts),
      // and codes given before the one-case alphabet mixed cases.
      storeBackupCodes: {
        encrypt: (json: string) => symmetricEncrypt({ key: secret, data: json }),
        decrypt: async (data: string) => JSON.stringify((JSON.parse(await symmetricDecrypt({ key: secret, data })) as string[]).map((code) => code.toLowerCase())),
      },
    },
    totpOptions: { digits: 6, period: 30 },
    twoFactorCookieMaxAge: CODE_STEP_SECONDS,
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
      /** What the plugin's /two-factor/disable does once the password is right (two-factor/index.mjs); "trust this device" is off here. */
      twoFactorOffAfterCode: createAuthEndpoint(AFTER_CODE_PATHS.off, { method: 'POST', use: [sessionMiddleware] }, async (ctx) => {
        const { session, user } = ctx.context.session;
        if (!twoFactorEnabled(user)) throw notEnabled();
        const updated = await ctx.context.internalAdapter.updateUser(user.id, { twoFactorEnabled: false });
        await ctx.context.adapter.delete({ model: TWO_FACTOR_MODEL, where: [{ field: 'userId', value: user.id }] });
        await setSessionCookie(ctx, { session: await ctx.context.internalAdapter.createSession(user.id, false, session), user: updated });
        await ctx.context.internalAdapter.deleteSession(session.token);
        return ctx.json({ status: true });
      }),
      /** What the plugin's /two-factor/generate-backup-codes does once the password is right (backup-codes/index.mjs, which does not export its helpers). */
      recoveryCodesAfterCode: createAuthEndpoint(AFTER_CODE_PATHS.codes, { method: 'POST', use: [sessionMiddleware] }, async (ctx) => {
        const { user } = ctx.context.session;
        const row = await ctx.context.adapter.findOne<{ id: string }>({ model: TWO_FACTOR_MODEL, where: [{ field: 'userId', value: user.id }] });
        if (!twoFactorEnabled(user) || !row) throw notEnabled();
        const backupCodes = newRecoveryCodes();
        const encrypted = await symmetricEncrypt({ key: ctx.context.secretConfig, data: JSON.stringify(backupCodes) });
        await ctx.context.adapter.update({ model: TWO_FACTOR_MODEL, update: { backupCodes: encrypted }, where: [{ field: 'id', value: row.id }] });
        return ctx.json({ status: true, backupCodes });
      }),
    },
  }) satisfies BetterAuthPlugin;
