import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { AppEnv, ServerContext, SessionUser, SignedInEnv } from '../context';
import { ensureSessionUser, findSessionUser, findSessionUserWithShelf } from '../shared/users';
import { assertSignedIn, viewerOf, type Viewer } from '../policy/viewer';
import type { KeptSessionUser } from './session-user-cache';
import type { CachedSession } from './session-cache';
import { sessionPassed } from './two-factor';
import { rawHeader } from '../http/raw-header';

export interface SessionOptions {
  /**
   * The requests whose route reads the reader's shelf facts first (the shared community page):
   * on a cached session they are read with the users row, in the same statement, and put on
   * the context as `shelfFacts` (null otherwise: the route reads them itself).
   */
  shelfFactsFor?: (c: Context<AppEnv>) => boolean;
  /** The requests a guest may have answered from memory (the shared community page): they catch up too. */
  keptForGuests?: (c: Context<AppEnv>) => boolean;
}

/**
 * Puts the signed-in person's users record on the context (null for a guest).
 *
 * No session cookie: a guest, with no lookup at all. A cookie this instance verified in the
 * last few seconds (auth/session-cache.ts): only the users row is read, by primary key (with
 * the facts the route reads first, on the requests `options` names: one statement in all).
 * Otherwise better-auth verifies it against the sessions table and may refresh it; its
 * Set-Cookie headers are passed on.
 *
 * Nothing kept is used before this instance has caught up with every change committed before
 * the request (EventBus.caughtUp): a session ended, an account suspended or a block made on
 * another instance a moment ago is known here before the request is answered. The result is
 * `caughtUp` on the context, for the routes that keep answers of their own.
 */
export function loadSession(ctx: ServerContext, options: SessionOptions = {}): MiddlewareHandler<AppEnv> {
  const cache = ctx.auth.sessionCache;
  const wantsShelf = options.shelfFactsFor ?? (() => false);
  const keptForGuests = options.keptForGuests ?? (() => false);
  let cookieName: string | null = null;
  // One per middleware: the cookie's name is this instance's.
  const sessionTokens = new SessionTokens();
  return async (c, next) => {
    c.set('user', null);
    c.set('viewer', null);
    c.set('sessionId', null);
    c.set('secondFactor', false);
    c.set('shelfFacts', null);
    c.set('caughtUp', false);
    cookieName ??= (await ctx.auth.$context).authCookies.sessionToken.name;
    // rawHeader: c.req.header would build a Fetch Headers of every header, on every request.
    const signedToken = sessionTokens.of(rawHeader(c, 'cookie'), cookieName);
    const caughtUp = (signedToken !== undefined && cache.ttlMs > 0) || keptForGuests(c) ? await ctx.bus.caughtUp() : false;
    c.set('caughtUp', caughtUp);
    if (!signedToken) return next();

    const cached = caughtUp ? cache.get(signedToken) : null;
    const found = cached ? await cachedSessionUser(ctx, cached.uid, wantsShelf(c), isRead(c.req.method)) : null;
    if (cached && found) {
      signIn(ctx, c, found.user, cached);
      c.set('shelfFacts', found.shelf);
      return next();
    }

    const ticket = cache.ticket();
    const { headers, response } = await ctx.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (response) {
      const verified = await ensureSessionUser(
        ctx.db,
        { uid: response.user.id, email: response.user.email, displayName: response.user.name, emailVerified: response.user.emailVerified },
        ctx.config.adminEmail,
      );
      const session = { sessionId: response.session.id, uid: verified.uid, secondFactor: sessionPassed(response.session) };
      signIn(ctx, c, verified, session);
      cache.put(signedToken, session, new Date(response.session.expiresAt), ticket);
    }
    await next();
    // A route that signed the person in afresh (password reset) has set its own cookie: keep it.
    const setByRoute = new Set(c.res.headers.getSetCookie().map(cookieNameOf));
    for (const cookie of headers.getSetCookie()) {
      if (!setByRoute.has(cookieNameOf(cookie))) c.res.headers.append('set-cookie', cookie);
    }
  };
}

/**
 * The person a read's Cookie header signs in, answered from memory alone: a session the session
 * cache trusts and a users row kept in the last second (with shelf facts when `withShelf`).
 * Null whenever the middleware would have to ask the database or better-auth. For answers
 * given ahead of the app (http/early-answers.ts), which cannot wait; they are given only once
 * the instance has caught up with what committed before the request (its `caughtUp` option).
 */
export function keptSignedInReader(ctx: ServerContext): (cookieHeader: string | undefined, withShelf: boolean) => KeptSessionUser | null {
  const tokens = new SessionTokens();
  let cookieName: string | null = null;
  void ctx.auth.$context.then((auth) => (cookieName = auth.authCookies.sessionToken.name));
  return (cookieHeader, withShelf) => {
    const signedToken = cookieName === null ? undefined : tokens.of(cookieHeader, cookieName);
    const session = signedToken ? ctx.auth.sessionCache.get(signedToken) : null;
    return session ? ctx.auth.sessionUsers.get(session.uid, withShelf) : null;
  };
}

/** How many Cookie headers' session tokens are remembered, and the longest one that is. */
const REMEMBERED_COOKIE_HEADERS = 256;
const MAX_REMEMBERED_COOKIE_HEADER = 4096;

/**
 * The session cookie in a Cookie header, read as hono's `getCookie` reads it. A reader's
 * browser sends the same header on every request, and parsing it cost more than the rest of
 * the session check on a cached session: the last few headers' answers are remembered.
 */
class SessionTokens {
  #known = new Map<string, string | undefined>();

  of(header: string | undefined, name: string): string | undefined {
    if (!header) return undefined;
    if (this.#known.has(header)) return this.#known.get(header);
    const token = parseCookies(header, name)[name];
    if (header.length <= MAX_REMEMBERED_COOKIE_HEADER) {
      if (this.#known.size >= REMEMBERED_COOKIE_HEADERS) this.#known.clear();
      this.#known.set(header, token);
    }
    return token;
  }
}

/** GET and HEAD: the requests that may be answered from a kept users row. */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * A cached session's users row: kept from a read in the last moment (auth/session-user-cache.ts)
 * for a read, else one statement, with the shelf facts when the route reads them.
 */
async function cachedSessionUser(ctx: ServerContext, uid: string, withShelf: boolean, read: boolean): Promise<KeptSessionUser | null> {
  const rows = ctx.auth.sessionUsers;
  const kept = read ? rows.get(uid, withShelf) : null;
  if (kept) return kept;
  const ticket = rows.ticket();
  const found = withShelf
    ? await findSessionUserWithShelf(ctx.db, uid, new Date().toISOString())
    : await findSessionUser(ctx.db, uid).then((user) => user && { user, shelf: null });
  if (found && read) rows.put(uid, found, ticket);
  return found;
}

/**
 * Empties the kept users rows when a request that may write (anything but GET and HEAD) starts
 * and when it ends: a read after it sees what it wrote, and one that overlapped it stores nothing.
 */
export function forgetSessionUsersOnWrite(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  const rows = ctx.auth.sessionUsers;
  return async (c, next) => {
    if (isRead(c.req.method)) return next();
    rows.clear();
    try {
      await next();
    } finally {
      rows.clear();
    }
  };
}

/**
 * The person, and what they may do in this session: with REQUIRE_ADMIN_2FA on, an admin's
 * powers come only with a session that passed the second factor (a code, or a passkey). The
 * users row still says admin (the web shows them the setup or "sign in again"); the viewer,
 * which every policy and the live topics read, does not.
 */
function signIn(ctx: ServerContext, c: Context<AppEnv>, user: SessionUser, session: CachedSession): void {
  const viewer = viewerOf(user);
  const heldBack = user.admin && ctx.config.requireAdmin2fa && !session.secondFactor;
  c.set('user', user);
  c.set('viewer', heldBack ? { ...viewer, admin: false, adminHeldBack: true } : viewer);
  c.set('sessionId', session.sessionId);
  c.set('secondFactor', session.secondFactor);
}

const cookieNameOf = (cookie: string) => cookie.slice(0, cookie.indexOf('='));

/**
 * 401 for a guest. Typed for what follows it: on `app.get(path, requireUser, handler)` the
 * handler's `c.var.user` and `c.var.viewer` are non-null.
 */
export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const viewer: Viewer = c.var.viewer;
  assertSignedIn(viewer);
  await next();
};

/**
 * A router whose every route needs a session; its handlers see a non-null user. Its guard
 * covers the whole prefix it is mounted on, so mount it only where no guest route shares
 * the prefix (a mixed router puts `requireUser` on each signed-in route instead).
 */
export function signedInRoutes(): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();
  app.use('*', requireUser);
  return app;
}
