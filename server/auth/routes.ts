import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { z } from 'zod';
import { oauthCallbackQuerySchema, oauthStartSchema, signInSchema, signUpSchema, type AuthConfig } from '@common/shared/api';
import { PASSWORD_MAX_LENGTH } from '@common/shared/limits';
import { verifyPasskeyAuthenticationSchema, verifyPasskeyRegistrationSchema } from '@common/account/passkeys';
import { isAppCode, TWO_FACTOR_TEXTS, twoFactorCodeSchema, twoFactorPasswordSchema, verifyRecoveryCodeSchema, verifyTotpSchema } from '@common/account/two-factor';
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

type Session = Awaited<ReturnType<ServerContext['auth']['api']['getSession']>>;

/** One request through the proxy: what it asked, and what its steps found, took or must settle. */
interface AuthCall {
  c: Context<AppEnv>;
  ctx: ServerContext;
  options: Required<AuthRouteOptions>;
  path: string;
  ip: string;
  /** The JSON body, as forwarded (tidied by its schema for codes and passkeys). */
  body: unknown;
  rawBody: string | null;
  /** Whose password better-auth hashes: it waits in that account's line (password.ts hashingAs). */
  hashingEmail: string | null;
  /** Places taken under the account's password limits: kept for a wrong secret, else given back. */
  check: PasswordCheck | null;
  /** A TOTP code marked used (accepted once): cleared when the call fails. */
  usedCode: string | null;
  /** Two-factor being turned on or off by the signed-in person: told once it changed. */
  turning: { userId: string; wasOn: boolean } | null;
  /** Ours: a code instead of the password, then what the password would do. */
  codeAction: CodeAction | null;
  addingPasskey: Session;
  signingOut: Session;
}

type Step = (call: AuthCall) => Promise<void>;
type AfterStep = (call: AuthCall, response: Response) => Promise<void>;

/**
 * A better-auth endpoint the app uses, and the app's own steps around it: the body's schema
 * (checked before anything else), the steps before better-auth answers, and the steps after.
 */
interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: RegExp;
  body?: z.ZodType;
  /** The body goes on as its schema tidied it (codes without spaces, a passkey's name trimmed). */
  forwardTidied?: boolean;
  before?: readonly Step[];
  after?: readonly AfterStep[];
}

type CodeAction = 'off' | 'codes';
/** Ours: a signed-in person's code from the app or recovery code instead of the password, then what the password would do. */
const CODE_ACTIONS: Record<string, CodeAction> = { '/two-factor/disable-with-code': 'off', '/two-factor/generate-backup-codes-with-code': 'codes' };

const refuseWhenLimited = (call: AuthCall, check: PasswordCheck) => {
  if (!check.allowed) {
    call.c.header('retry-after', String(Math.ceil(check.retryAfterMs / 1000)));
    throw passwordCheckRefused(check);
  }
};

/** A sign-in's password counts against the account's limits before better-auth checks it. */
const reservePassword: Step = async (call) => {
  const email = emailOf(call.body);
  if (!email) return;
  call.check = await call.options.reservePasswordCheck(call.ctx, email, call.ip);
  refuseWhenLimited(call, call.check);
};

/**
 * Two-factor: its passwords and codes count like a sign-in's password (per account, per address,
 * per day); a code instead of the password needs a session; a TOTP code is accepted once; a
 * change of the signed-in person's two-factor is told to them afterwards.
 */
const twoFactorChecks: Step = async (call) => {
  const { c, ctx, path } = call;
  const subject = await ctx.auth.api.twoFactorSubject({ headers: c.req.raw.headers });
  call.hashingEmail ??= subject?.email ?? null;
  const codeCheck = path === '/two-factor/verify-totp' || path === '/two-factor/verify-backup-code';
  // Only a session may use a code instead of the password; someone between the password and the code may not.
  if (call.codeAction && !subject?.signedIn) throw unauthenticated();
  if (subject?.signedIn && (path === '/two-factor/verify-totp' || path === '/two-factor/disable' || call.codeAction)) {
    call.turning = { userId: subject.userId, wasOn: await twoFactorOn(ctx, subject.userId) };
    // better-auth's verify-totp would turn on a half-done setup: a code is no password until two-factor is on.
    if (call.codeAction && !call.turning.wasOn) throw badRequest('Two-factor sign-in is not on.', 'two_factor_not_enabled');
  }
  if (!subject || !(subject.signedIn || codeCheck)) return;
  call.check = await call.options.reservePasswordCheck(ctx, subject.email, call.ip);
  refuseWhenLimited(call, call.check);
  const code = (call.body as { code?: string }).code;
  if (path === '/two-factor/verify-totp' || (call.codeAction && code !== undefined && isAppCode(code))) {
    // A TOTP code is accepted once: the same code again within its window counts as a wrong one.
    const who = { account: `${subject.userId}|${code}` };
    if (!(await reserveLimit(ctx, 'totpCodesUsed', who)).allowed) throw new AppError(401, 'code_reused', TWO_FACTOR_TEXTS.codeReused);
    call.usedCode = limitKey('totpCodesUsed', who);
  }
};

const acceptablePassword: Step = async (call) => {
  const { password, name } = signUpSchema.parse(call.body);
  await assertAcceptablePassword(call.ctx, password, { email: emailOf(call.body), name });
  await takePlace(call.ctx, call.c, 'signUps');
};

// better-auth copies the provider's answer into a Location header: refuse what cannot go there.
const validCallbackQuery: Step = async (call) => {
  if (!oauthCallbackQuerySchema.safeParse(queryAsBetterAuthReadsIt(call.c.req.url)).success) throw badRequest('The sign-in response is not valid.');
};

/** Each passkey challenge is a row kept for five minutes. */
const passkeyChallengePlace: Step = async (call) => {
  await takePlace(call.ctx, call.c, 'passkeyChallenges');
};

const rememberPasskeyAdder: Step = async (call) => {
  call.addingPasskey = await call.ctx.auth.api.getSession({ headers: call.c.req.raw.headers });
};

const rememberSignOut: Step = async (call) => {
  call.signingOut = await call.ctx.auth.api.getSession({ headers: call.c.req.raw.headers });
};

/** A wrong password or code keeps its places in the counters; anything else gives them back. */
const settleSecrets: AfterStep = async (call, response) => {
  if (call.check && response.ok) await call.check.succeeded();
  else if (call.check && !(await wrongSecret(response))) await call.check.cancelled();
  if (call.usedCode && !response.ok) await call.ctx.rateLimiter.clear(call.usedCode);
};

const noticeTwoFactor: AfterStep = async (call, response) => {
  if (!call.turning || !response.ok) return;
  const on = await twoFactorOn(call.ctx, call.turning.userId);
  if (on !== call.turning.wasOn) await noticeTwoFactorChange(call.ctx, call.turning.userId, on, call.ip);
};

const noticePasskey: AfterStep = async (call, response) => {
  if (call.addingPasskey && response.ok) await noticePasskeyAdded(call.ctx, call.addingPasskey.user.id, verifyPasskeyRegistrationSchema.parse(call.body).name, call.ip);
};

const logSignOut: AfterStep = async (call, response) => {
  if (!call.signingOut || !response.ok) return;
  const { user } = call.signingOut;
  await recordSystemEvent(call.ctx.db, call.ctx.logger, {
    type: 'user_logout',
    action: 'logout',
    user: { uid: user.id, displayName: user.name || null, email: user.email },
    ip: call.ip,
    userAgent: call.c.req.header('user-agent') ?? null,
  });
};

const TWO_FACTOR_PASSWORD: Pick<AuthEndpoint, 'before' | 'after' | 'forwardTidied'> = { forwardTidied: true, before: [twoFactorChecks], after: [settleSecrets, noticeTwoFactor] };

/**
 * The better-auth endpoints the app uses, with the app's steps around each. Everything else
 * better-auth offers (password reset by its own tokens, account deletion, session listing with
 * tokens…) answers 404: the account features live under /api/account, with our own checks.
 */
const ENDPOINTS: readonly AuthEndpoint[] = [
  { method: 'POST', path: /^\/sign-up\/email$/, body: signUpSchema, before: [acceptablePassword] },
  { method: 'POST', path: /^\/sign-in\/email$/, body: signInSchema, before: [reservePassword], after: [settleSecrets] },
  { method: 'POST', path: /^\/sign-out$/, before: [rememberSignOut], after: [logSignOut] },
  { method: 'GET', path: /^\/get-session$/ },
  { method: 'POST', path: /^\/sign-in\/oauth2$/, body: oauthStartSchema },
  { method: 'GET', path: /^\/oauth2\/callback\/[a-z]+$/, before: [validCallbackQuery] },
  { method: 'POST', path: /^\/oauth2\/link$/, body: oauthStartSchema },
  // Two-factor: turning it on and off and new recovery codes (with the password), and the code step of a sign-in.
  { method: 'POST', path: /^\/two-factor\/(enable|disable|generate-backup-codes)$/, body: twoFactorPasswordSchema, ...TWO_FACTOR_PASSWORD },
  { method: 'POST', path: /^\/two-factor\/verify-totp$/, body: verifyTotpSchema, ...TWO_FACTOR_PASSWORD },
  { method: 'POST', path: /^\/two-factor\/verify-backup-code$/, body: verifyRecoveryCodeSchema, ...TWO_FACTOR_PASSWORD },
  // Ours: turning it off or new recovery codes with a code instead of the password (codeActionResponse below).
  { method: 'POST', path: /^\/two-factor\/(disable|generate-backup-codes)-with-code$/, body: twoFactorCodeSchema, ...TWO_FACTOR_PASSWORD },
  // Passkeys: a challenge, then the browser's answer, for adding one and for signing in.
  // Listing, renaming and removing are ours, under /api/account/passkeys.
  { method: 'GET', path: /^\/passkey\/generate-(register|authenticate)-options$/, before: [passkeyChallengePlace] },
  { method: 'POST', path: /^\/passkey\/verify-registration$/, body: verifyPasskeyRegistrationSchema, forwardTidied: true, before: [rememberPasskeyAdder], after: [noticePasskey] },
  { method: 'POST', path: /^\/passkey\/verify-authentication$/, body: verifyPasskeyAuthenticationSchema, forwardTidied: true },
];

const endpointOf = (method: string, path: string) => ENDPOINTS.find((e) => e.method === method && e.path.test(path));

export const isExposedAuthEndpoint = (method: string, path: string) => endpointOf(method, path) !== undefined;

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

/** The request's JSON body, checked by the endpoint's schema (a clear 400 for each way it can be wrong). */
async function readBody(c: Context<AppEnv>, endpoint: AuthEndpoint): Promise<{ body: unknown; rawBody: string | null }> {
  let rawBody = c.req.method === 'POST' ? await c.req.text() : null;
  let body: unknown = undefined;
  if (rawBody) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw badRequest('The request body is not valid JSON.', 'invalid_json');
    }
  }
  if (!endpoint.body) return { body, rawBody };
  const checked = endpoint.body.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const code = issue?.path[0] === 'email' ? 'invalid_email' : issue?.path[0] === 'password' ? 'weak_password' : 'validation_failed';
    throw badRequest(issue?.message ?? 'Invalid request.', code);
  }
  if (endpoint.forwardTidied) {
    body = checked.data;
    rawBody = JSON.stringify(body);
  }
  return { body, rawBody };
}

/**
 * Mounts better-auth at /api/auth behind our own guard: the client address it sees is the
 * one we trust, failed sign-ins are counted in the database, bodies are checked for JSON,
 * errors come out in the API's one error shape, and sign-outs are logged. Each endpoint's own
 * steps are in ENDPOINTS.
 */
export function authRoutes(ctx: ServerContext, { reservePasswordCheck, databaseTroubled = async () => false }: AuthRouteOptions) {
  const app = new Hono<AppEnv>();
  const options = { reservePasswordCheck, databaseTroubled };

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
    const endpoint = endpointOf(c.req.method, path);
    if (!endpoint) throw notFound('No such API endpoint.');
    const { body, rawBody } = await readBody(c, endpoint);
    const call: AuthCall = {
      c,
      ctx,
      options,
      path,
      ip: c.var.clientIp,
      body,
      rawBody,
      hashingEmail: emailOf(body),
      check: null,
      usedCode: null,
      turning: null,
      codeAction: CODE_ACTIONS[path] ?? null,
      addingPasskey: null,
      signingOut: null,
    };
    for (const step of endpoint.before ?? []) await step(call);

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, call.ip);
    const invite = inviteFor(c, path, body);
    headers.delete(INVITE_HEADER);
    if (invite.code) headers.set(INVITE_HEADER, invite.code);
    const forwarded = invite.fromBody ? JSON.stringify(withoutInvite(body)) : call.rawBody;
    const codeAction = call.codeAction;
    const response = await hashingAs(call.hashingEmail, async () =>
      codeAction
        ? codeActionResponse(ctx, headers, codeAction, twoFactorCodeSchema.parse(body).code)
        : invite.cookie(await ctx.auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body: forwarded || undefined }))),
    );

    for (const step of endpoint.after ?? []) await step(call, response);
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
