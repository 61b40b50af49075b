import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { z } from 'zod';
import { oauthCallbackQuerySchema, oauthStartSchema, signInSchema, signUpSchema, type AuthConfig } from '@common/api';
import { PASSWORD_MAX_LENGTH } from '@common/limits';
import { verifyPasskeyAuthenticationSchema, verifyPasskeyRegistrationSchema } from '@common/passkeys';
import { isAppCode, TWO_FACTOR_TEXTS, twoFactorCodeSchema, twoFactorPasswordSchema, verifyRecoveryCodeSchema, verifyTotpSchema } from '@common/two-factor';
import type { AppEnv, ServerContext } from '../context';
import { AppError, badRequest, errorResponse, notFound, unauthenticated, unavailableResponse } from '../http/errors';
import { limitKey, reserveLimit, takePlace } from '../http/rate-limit';
import { recordSystemEvent } from '../shared/audit-log';
import { CLIENT_IP_HEADER } from './auth';
import { INVITE_COOKIE, INVITE_HEADER } from './invite';
import { humanAuthError } from './messages';
import { assertAcceptablePassword } from './new-password';
import { hashingAs } from './password';
import { passwordCheckRefused, type PasswordCheck } from './password-attempts';
import { noticePasskeyAdded, noticeTwoFactorChange, twoFactorOn } from './sign-in-notice';

/**
 * The better-auth endpoints the app uses. Everything else better-auth offers (password
 * reset by its own tokens, account deletion, session listing with tokens…) answers 404:
 * the account features live under /api/account, with our own checks.
 */
const EXPOSED: ReadonlyArray<readonly [string, RegExp]> = [
  ['POST', /^\/sign-up\/email$/],
  ['POST', /^\/sign-in\/email$/],
  ['POST', /^\/sign-out$/],
  ['GET', /^\/get-session$/],
  ['POST', /^\/sign-in\/oauth2$/],
  ['GET', /^\/oauth2\/callback\/[a-z]+$/],
  ['POST', /^\/oauth2\/link$/],
  // Two-factor: turning it on and off, new recovery codes, and the code step of a sign-in.
  ['POST', /^\/two-factor\/(enable|disable|generate-backup-codes|verify-totp|verify-backup-code)$/],
  // Ours: turning it off or new recovery codes with a code instead of the password (codeActionResponse below).
  ['POST', /^\/two-factor\/(disable|generate-backup-codes)-with-code$/],
  // Passkeys: a challenge, then the browser's answer, for adding one and for signing in.
  // Listing, renaming and removing are ours, under /api/account/passkeys.
  ['GET', /^\/passkey\/generate-(register|authenticate)-options$/],
  ['POST', /^\/passkey\/verify-(registration|authentication)$/],
];

/** The two-factor endpoints that check a code: wrong codes count like wrong passwords. */
const CODE_CHECKS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** The two-factor endpoints that check the signed-in person's password. */
const PASSWORD_CHECKS = new Set(['/two-factor/enable', '/two-factor/disable', '/two-factor/generate-backup-codes']);
/** Ours: a signed-in person's code from the app or recovery code instead of the password, then what the password would do. */
const CODE_ACTIONS = { '/two-factor/disable-with-code': 'off', '/two-factor/generate-backup-codes-with-code': 'codes' } as const;
const codeActionOf = (path: string) => (Object.hasOwn(CODE_ACTIONS, path) ? CODE_ACTIONS[path as keyof typeof CODE_ACTIONS] : null);

export const isExposedAuthEndpoint = (method: string, path: string) => EXPOSED.some(([m, pattern]) => m === method && pattern.test(path));

/** Bodies we check before better-auth sees them, for clear messages and no surprises. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/sign-in/email': signInSchema,
  '/sign-up/email': signUpSchema,
  '/sign-in/oauth2': oauthStartSchema,
  '/oauth2/link': oauthStartSchema,
  '/two-factor/enable': twoFactorPasswordSchema,
  '/two-factor/disable': twoFactorPasswordSchema,
  '/two-factor/generate-backup-codes': twoFactorPasswordSchema,
  '/two-factor/verify-totp': verifyTotpSchema,
  '/two-factor/verify-backup-code': verifyRecoveryCodeSchema,
  '/two-factor/disable-with-code': twoFactorCodeSchema,
  '/two-factor/generate-backup-codes-with-code': twoFactorCodeSchema,
  '/passkey/verify-registration': verifyPasskeyRegistrationSchema,
  '/passkey/verify-authentication': verifyPasskeyAuthenticationSchema,
};

function emailOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return null;
}

export interface AuthRouteOptions {
  /** Takes a password check's places under every limit (features/account/lockout.ts, which also emails a locked-out owner). */
  reservePasswordCheck: (ctx: ServerContext, email: string, ip: string) => Promise<PasswordCheck>;
  /** Whether the database is out of reach (db/unavailable.ts OutageWatch): better-auth's 500 then is a 503. */
  databaseTroubled?: () => Promise<boolean>;
}

/**
 * Mounts better-auth at /api/auth behind our own guard: the client address it sees is the
 * one we trust, failed sign-ins are counted in the database, bodies are checked for JSON,
 * errors come out in the API's one error shape, and sign-outs are logged.
 */
export function authRoutes(ctx: ServerContext, { reservePasswordCheck, databaseTroubled = async () => false }: AuthRouteOptions) {
  const app = new Hono<AppEnv>();

  app.get('/auth-config', (c) =>
    c.json({
      providers: { google: ctx.config.providers.google !== null, microsoft: ctx.config.providers.microsoft !== null },
      minPasswordLength: ctx.config.passwordMinLength,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      emailPrinted: ctx.config.mail.smtpUrl === null,
    } satisfies AuthConfig),
  );

  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    if (!isExposedAuthEndpoint(c.req.method, path)) throw notFound('No such API endpoint.');
    // better-auth copies the provider's answer into a Location header: refuse what cannot go there.
    if (path.startsWith('/oauth2/callback/') && !oauthCallbackQuerySchema.safeParse(queryAsBetterAuthReadsIt(c.req.url)).success) {
      throw badRequest('The sign-in response is not valid.');
    }
    const ip = c.var.clientIp;
    let rawBody = c.req.method === 'POST' ? await c.req.text() : null;
    let body: unknown = undefined;
    if (rawBody) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw badRequest('The request body is not valid JSON.', 'invalid_json');
      }
    }
    const email = emailOf(body);
    const shape = BODY_SCHEMAS[path];
    if (shape) {
      const checked = shape.safeParse(body);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const code = issue?.path[0] === 'email' ? 'invalid_email' : issue?.path[0] === 'password' ? 'weak_password' : 'validation_failed';
        throw badRequest(issue?.message ?? 'Invalid request.', code);
      }
      // Codes go on as the schema tidied them (spaces dropped, the recovery code's dash put back),
      // a passkey's name trimmed and its answer without unknown parts.
      if (path.startsWith('/two-factor/') || path.startsWith('/passkey/')) {
        body = checked.data;
        rawBody = JSON.stringify(body);
      }
    }

    const isSignIn = path === '/sign-in/email';
    let check: PasswordCheck | null = null;
    if (isSignIn && email) {
      check = await reservePasswordCheck(ctx, email, ip);
      if (!check.allowed) {
        c.header('retry-after', String(Math.ceil(check.retryAfterMs / 1000)));
        throw passwordCheckRefused(check);
      }
    }
    // A two-factor code or password counts against the account's password limits (per account,
    // per address, per day), taken before better-auth checks it, like a sign-in's password.
    let usedCode: string | null = null;
    let turning: { userId: string; wasOn: boolean } | null = null;
    const codeAction = codeActionOf(path);
    // Whose password better-auth hashes below: it waits in that account's line (password.ts hashingAs).
    let hashingEmail = email;
    if (CODE_CHECKS.has(path) || PASSWORD_CHECKS.has(path) || codeAction) {
      const subject = await ctx.auth.api.twoFactorSubject({ headers: c.req.raw.headers });
      hashingEmail ??= subject?.email ?? null;
      // Only a session may use a code instead of the password; someone between the password and the code may not.
      if (codeAction && !subject?.signedIn) throw unauthenticated();
      if (subject?.signedIn && (path === '/two-factor/verify-totp' || path === '/two-factor/disable' || codeAction)) {
        turning = { userId: subject.userId, wasOn: await twoFactorOn(ctx, subject.userId) };
        // better-auth's verify-totp would turn on a half-done setup: a code is no password until two-factor is on.
        if (codeAction && !turning.wasOn) throw badRequest('Two-factor sign-in is not on.', 'two_factor_not_enabled');
      }
      if (subject && (subject.signedIn || CODE_CHECKS.has(path))) {
        check = await reservePasswordCheck(ctx, subject.email, ip);
        if (!check.allowed) {
          c.header('retry-after', String(Math.ceil(check.retryAfterMs / 1000)));
          throw passwordCheckRefused(check);
        }
        if (path === '/two-factor/verify-totp' || (codeAction && isAppCode((body as { code: string }).code))) {
          // A TOTP code is accepted once: the same code again within its window counts as a wrong one.
          const who = { account: `${subject.userId}|${(body as { code: string }).code}` };
          if (!(await reserveLimit(ctx, 'totpCodesUsed', who)).allowed) throw new AppError(401, 'code_reused', TWO_FACTOR_TEXTS.codeReused);
          usedCode = limitKey('totpCodesUsed', who);
        }
      }
    }
    // Each passkey challenge is a row kept for five minutes.
    if (path.startsWith('/passkey/generate-')) await takePlace(ctx, c, 'passkeyChallenges');
    const addingPasskey = path === '/passkey/verify-registration' ? await ctx.auth.api.getSession({ headers: c.req.raw.headers }) : null;
    if (path === '/sign-up/email') {
      const { password, name } = signUpSchema.parse(body);
      await assertAcceptablePassword(ctx, password, { email, name });
      await takePlace(ctx, c, 'signUps');
    }

    const signingOut = path === '/sign-out' ? await ctx.auth.api.getSession({ headers: c.req.raw.headers }) : null;

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const invite = inviteFor(c, path, body);
    headers.delete(INVITE_HEADER);
    if (invite.code) headers.set(INVITE_HEADER, invite.code);
    const forwarded = invite.fromBody ? JSON.stringify(withoutInvite(body)) : rawBody;
    const response = await hashingAs(hashingEmail, async () =>
      codeAction
        ? codeActionResponse(ctx, headers, codeAction, twoFactorCodeSchema.parse(body).code)
        : invite.cookie(await ctx.auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body: forwarded || undefined }))),
    );

    // A wrong password or code keeps its places in the counters; anything else gives them back.
    if (check && response.ok) await check.succeeded();
    else if (check && !(await wrongSecret(response))) await check.cancelled();
    if (usedCode && !response.ok) await ctx.rateLimiter.clear(usedCode);
    if (turning && response.ok) {
      const on = await twoFactorOn(ctx, turning.userId);
      if (on !== turning.wasOn) await noticeTwoFactorChange(ctx, turning.userId, on, ip);
    }
    if (addingPasskey && response.ok) {
      await noticePasskeyAdded(ctx, addingPasskey.user.id, verifyPasskeyRegistrationSchema.parse(body).name, ip);
    }
    if (signingOut && response.ok) {
      const { user } = signingOut;
      await recordSystemEvent(ctx.db, ctx.logger, {
        type: 'user_logout',
        action: 'logout',
        user: { uid: user.id, displayName: user.name || null, email: user.email },
        ip,
        userAgent: c.req.header('user-agent') ?? null,
      });
    }
    // better-auth answers a database failure with a 500 that hides its cause.
    if (response.status === 500 && (await databaseTroubled())) return unavailableResponse(c);
    if (response.status >= 400) return reshapeError(c, ctx, response);
    return withoutSessionToken(response);
  });

  return app;
}

/**
 * Every value of every query parameter, decoded as better-auth decodes it (WHATWG URL): a broken
 * UTF-8 escape becomes U+FFFD there, where Hono's decoding kept the escape as written.
 */
function queryAsBetterAuthReadsIt(url: string): Record<string, string[]> {
  // A Map, not an object: a parameter may be called __proto__ or constructor.
  const query = new Map<string, string[]>();
  for (const [name, value] of new URL(url).searchParams) query.set(name, [...(query.get(name) ?? []), value]);
  return Object.fromEntries(query);
}

/**
 * "Use a code instead" of the password: better-auth's own verify-totp or verify-backup-code
 * checks the code for the session (a recovery code is used up there), then the server-only
 * endpoint does what the plugin's disable or generate-backup-codes does after the password.
 */
async function codeActionResponse(ctx: ServerContext, headers: Headers, action: 'off' | 'codes', code: string): Promise<Response> {
  const checked = isAppCode(code)
    ? await ctx.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
    : await ctx.auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers, asResponse: true });
  if (!checked.ok) return checked;
  return action === 'off'
    ? ctx.auth.api.twoFactorOffAfterCode({ headers, asResponse: true })
    : ctx.auth.api.recoveryCodesAfterCode({ headers, asResponse: true });
}

const INVITE_COOKIE_SECONDS = 15 * 60;
const CALLBACK_PATH = '/api/auth/oauth2/callback';

/**
 * The invite a sign-up carries (features/registration/sign-up.ts reads it from
 * INVITE_HEADER, which no client sets: it is replaced here). An email sign-up has it in its
 * body; a provider sign-in has it in its start body, kept in a short-lived cookie scoped to the
 * callback until the provider sends the browser back, then cleared.
 */
function inviteFor(c: Context<AppEnv>, path: string, body: unknown) {
  const fromBody = body && typeof body === 'object' && 'invite' in body && typeof body.invite === 'string' ? body.invite : null;
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  const setCookie = (value: string, maxAge: number) => `${INVITE_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  const withCookie = (cookie: string) => (response: Response) => {
    const copy = new Response(response.body, response);
    copy.headers.append('set-cookie', cookie);
    return copy;
  };
  if (path === '/sign-up/email') return { code: fromBody, fromBody: fromBody !== null, cookie: (r: Response) => r };
  if (path === '/sign-in/oauth2') {
    const valid = fromBody !== null && /^[A-Za-z0-9_-]{1,64}$/.test(fromBody);
    return { code: null, fromBody: fromBody !== null, cookie: valid ? withCookie(setCookie(fromBody, INVITE_COOKIE_SECONDS)) : (r: Response) => r };
  }
  if (path.startsWith('/oauth2/callback/')) {
    const code = getCookie(c, INVITE_COOKIE) ?? null;
    return { code, fromBody: false, cookie: code ? withCookie(setCookie('', 0)) : (r: Response) => r };
  }
  return { code: null, fromBody: false, cookie: (r: Response) => r };
}

function withoutInvite(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { invite: _invite, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** better-auth's answer to a wrong password (401 at sign-in, 400 INVALID_PASSWORD in two-factor changes) or code (401). */
async function wrongSecret(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  const parsed = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  return parsed?.code === 'INVALID_PASSWORD';
}

/**
 * better-auth also puts the session token in sign-in, sign-up and get-session bodies, for
 * bearer-token clients. Ours use the HttpOnly cookie only, so script on the page never sees
 * the token. Nothing from /api/auth may be cached.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  if (!response.headers.get('content-type')?.includes('application/json')) {
    return new Response(response.body, { status: response.status, headers });
  }
  const body: unknown = await response.json().catch(() => null);
  headers.delete('content-length');
  return new Response(JSON.stringify(stripTokens(body)), { status: response.status, headers });
}

function stripTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, session, ...rest } = body as Record<string, unknown>;
  if (session === undefined) return rest;
  return { ...rest, session: session && typeof session === 'object' ? stripTokens(session) : session };
}

/** better-auth answers `{code, message}`; the API answers `{"error":{code, message}}` in words people use. */
async function reshapeError(c: Context<AppEnv>, ctx: ServerContext, response: Response) {
  let code = 'bad_request';
  let message = response.statusText || 'Request failed.';
  try {
    const parsed = (await response.clone().json()) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON: keep the status text.
  }
  const human = humanAuthError(ctx, code, message);
  const res = errorResponse(c, response.status === 500 ? 400 : (response.status as 400), human.code, human.message);
  for (const cookie of response.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
  return res;
}
