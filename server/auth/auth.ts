import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { REPORT_TEXTS } from '@common/moderation/moderation';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { getMigrations } from 'better-auth/db/migration';
import { sql, type Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH } from '@common/shared/limits';
import type { AppConfig, OidcProviderConfig } from '../config';
import type { Database } from '../db/types';
import type { Dialect } from '../db/database';
import type { Logger } from '../logger';
import { fromDbBool } from '../db/bool';
import { argon2Passwords, type Passwords } from './password';
import { claimsFromIdToken, emailVouched, providerAccountKey, type IdTokenClaims } from './id-token';
import { SESSION_USER_TTL_MS, SessionUserCache } from './session-user-cache';
import { SessionCache } from './session-cache';
import type { SignUpRule } from './invite';
import { askForCode, codeStepPath, codeStepProvider, forgetSecondFactor, passesSecondFactor, sessionPassed, signInSafetyPlugin, twoFactorPlugin } from './two-factor';
import { passkeyPlugin, uniquePasskeyCredentials } from './passkey';

export type LoginMethod = 'Google' | 'Microsoft' | 'Email/Password' | 'Passkey';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface SignInFacts {
  method: LoginMethod | null;
  /** A new email/password account: it gets a verification email. */
  signedUp: boolean;
  /** The client address the /api/auth wrapper trusts, and the browser's User-Agent (the "New sign-in" email). */
  ip: string | null;
  userAgent: string | null;
}

/** The header the /api/auth wrapper sets to the client address it trusts. */
export const CLIENT_IP_HEADER = 'x-drabble-client-ip';

const SESSION_DAYS = 30;

/**
 * What better-auth learns from a provider. The identity is keyed by issuer + subject. The
 * email counts as verified only when the provider vouches for it AND linking would be safe:
 * better-auth links a verified identity to an existing account by email, so for an
 * existing account that never proved its address the claim is passed on as unverified and
 * better-auth refuses the sign-in (`account_not_linked`) instead of handing it over.
 */
async function userInfoFor(db: Kysely<Database>, providerId: string, claims: IdTokenClaims) {
  const id = providerAccountKey(claims);
  const email = claims.email.toLowerCase();
  let emailVerified = emailVouched(claims);
  if (emailVerified) {
    const linked = await sql<{ n: number }>`select 1 as n from ${sql.table('authAccounts')} where ${sql.ref('providerId')} = ${providerId} and ${sql.ref('accountId')} = ${id}`.execute(db);
    if (linked.rows.length === 0) {
      const existing = await sql<{ emailVerified: unknown }>`select ${sql.ref('emailVerified')} from ${sql.table('authUsers')} where lower(${sql.ref('email')}) = ${email}`.execute(db);
      const holder = existing.rows[0];
      if (holder && !fromDbBool(holder.emailVerified as number | boolean)) emailVerified = false;
    }
  }
  return { id, email, name: claims.name?.trim() || email.split('@')[0] || email, emailVerified, image: claims.picture };
}

function oidcProvider(db: Kysely<Database>, providerId: 'google' | 'microsoft', provider: OidcProviderConfig): GenericOAuthConfig {
  return {
    providerId,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    discoveryUrl: provider.discoveryUrl,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    getUserInfo: async (tokens) => {
      const claims = claimsFromIdToken(tokens.idToken);
      return claims ? userInfoFor(db, providerId, claims) : null;
    },
  };
}

const providerMethod = (providerId: string | null | undefined): LoginMethod | null =>
  providerId === 'google' ? 'Google' : providerId === 'microsoft' ? 'Microsoft' : null;

export function loginMethodFor(path: string, providerId: string | undefined): LoginMethod | null {
  if (path.startsWith('/sign-in/email') || path.startsWith('/sign-up/email')) return 'Email/Password';
  // A passkey sign-in is complete in itself: it is both factors (decision 0040).
  if (path === '/passkey/verify-authentication') return 'Passkey';
  if (path.includes('/callback')) return providerMethod(providerId);
  return null;
}

export interface CreateAuthOptions {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  /** Runs after every successful sign-in or sign-up, outside better-auth's transaction. */
  onSignedIn: (user: SignedInUser, facts: SignInFacts) => Promise<void>;
  /** A verified provider identity took over an account that never proved its address. */
  onPreRegistrationRemoved: (userId: string) => Promise<void>;
  /** A session was deleted through better-auth (after its transaction): announce it to every instance. */
  onSessionEnded: (session: { id: string; userId: string }) => Promise<void>;
  /** Who may join: the registration mode, invites and blocked domains, for every new account. None: anyone. */
  joining?: SignUpRule;
  /** At OWASP's cost unless given. */
  passwords?: Passwords;
  logger: Logger;
}

export function createAuth({ config, db, dialect, secret, onSignedIn, onPreRegistrationRemoved, onSessionEnded, joining, passwords = argon2Passwords(), logger }: CreateAuthOptions) {
  const providers: GenericOAuthConfig[] = [];
  if (config.providers.google) providers.push(oidcProvider(db, 'google', config.providers.google));
  if (config.providers.microsoft) providers.push(oidcProvider(db, 'microsoft', config.providers.microsoft));
  const sessionCache = new SessionCache(config.sessionCacheMs);
  // A users row is never trusted longer than the session it was read for.
  const sessionUsers = new SessionUserCache(Math.min(SESSION_USER_TTL_MS, config.sessionCacheMs));

  const options = {
    appName: 'Drabble',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: dialect },
    user: { modelName: 'authUsers' },
    session: {
      modelName: 'authSessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Whether the session passed the second factor (a code, or a passkey): set when it is made
      // (databaseHooks below), never by a client. REQUIRE_ADMIN_2FA reads it (auth/session.ts).
      additionalFields: { secondFactor: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    account: {
      modelName: 'authAccounts',
      // No trusted providers: a provider links by email only when both sides are verified (see userInfoFor).
      accountLinking: { enabled: true },
    },
    verification: { modelName: 'authVerifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: config.passwordMinLength,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: passwords.hash, verify: passwords.verify },
    },
    trustedOrigins: [config.publicUrl],
    // A provider sign-in that fails without an errorCallbackURL lands on the login screen.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    // Counters live in our database-backed limiter (http/rate-limit.ts), applied by the wrapper.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // better-auth reports people's mistakes (wrong password) as errors; they are not ours.
    logger: { log: (level, message) => logger[level === 'error' ? 'warn' : level]({ source: 'better-auth' }, message) },
    advanced: {
      cookiePrefix: 'drabble',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, endpoint) => joining?.before(user, endpoint),
          after: async (user, endpoint) => joining?.after(user, endpoint),
        },
        // REQUIRE_ADMIN_2FA: a session that passed the second factor stops counting as such once
        // two-factor is off for the account, wherever it was turned off.
        update: {
          after: async (user, endpoint) => {
            if ((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true || !endpoint) return;
            if (await forgetSecondFactor(endpoint, user.id)) sessionCache.evictUser(user.id);
          },
        },
      },
      // Every way a session ends here (sign-out, revocations, password change or reset) deletes
      // its row through better-auth: this instance stops trusting it at once, and every
      // instance hears of it and closes its live streams (auth/session-ends.ts).
      session: {
        delete: {
          after: async (session) => {
            sessionCache.evict(session.token);
            await onSessionEnded(session);
          },
        },
        // A suspended account cannot sign in by any method; a deleted one has no auth rows left.
        create: {
          before: async (session, endpoint) => {
            const row = await db.selectFrom('users').select('suspendedAt').where('uid', '=', session.userId).executeTakeFirst();
            if (row?.suspendedAt) throw new APIError('FORBIDDEN', { message: REPORT_TEXTS.suspendedSignIn, code: 'ACCOUNT_SUSPENDED' });
            return { data: { ...session, secondFactor: passesSecondFactor(endpoint) } };
          },
        },
      },
      account: {
        create: {
          // Connecting a provider from Settings: it must vouch for the address it shares.
          before: async (account, endpoint) => {
            if (account.providerId === 'credential' || !endpoint) return;
            const claims = claimsFromIdToken(account.idToken ?? undefined);
            if (claims && emailVouched(claims)) return;
            const others = await endpoint.context.internalAdapter.findAccounts(account.userId);
            if (others.length > 0) return false;
          },
          after: async (account, endpoint) => {
            if (account.providerId === 'credential' || !endpoint) return;
            const claims = claimsFromIdToken(account.idToken ?? undefined);
            if (!claims || !emailVouched(claims)) return;
            const internal = endpoint.context.internalAdapter;
            const user = await internal.findUserById(account.userId);
            if (!user || user.emailVerified || user.email.toLowerCase() !== claims.email.toLowerCase()) return;
            // Pre-registration hijack: whoever registered this address without proving it loses
            // the password and every session; the browser that just proved it stays signed in.
            await internal.updateUser(user.id, { emailVerified: true });
            for (const other of await internal.findAccounts(user.id)) {
              if (other.providerId === 'credential') await internal.deleteAccount(other.id);
            }
            const keep = await endpoint.getSignedCookie(endpoint.context.authCookies.sessionToken.name, endpoint.context.secret);
            const sessions = await internal.listSessions(user.id);
            const revoke = sessions.map((s) => s.token).filter((token) => token !== keep);
            if (revoke.length > 0) await internal.deleteSessions(revoke);
            await onPreRegistrationRemoved(user.id);
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        const created = ctx.context.newSession;
        if (!created) return;
        const twoFactorOn = (created.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
        // Two-factor: the password alone signs no one in; the plugin's own hook, after
        // this one, swaps the session for the code step, and the sign-in happens at /two-factor/verify-*.
        if (ctx.path === '/sign-in/email' && twoFactorOn) return;
        const providerId = typeof ctx.params?.providerId === 'string' ? ctx.params.providerId : undefined;
        // Nor does any other way in without the second factor (a provider's callback, whether it
        // links the identity now or did before): the same code step, reached by a redirect.
        // A session this request only refreshed or replaced for its holder is not a way in.
        const sessionCookie = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
        if (twoFactorOn && !sessionPassed(created.session) && sessionCookie !== created.session.token) {
          await askForCode(ctx, created, providerId ?? null);
          const returnTo = ctx.context.responseHeaders?.get('location');
          if (returnTo) throw ctx.redirect(codeStepPath(returnTo, config.publicUrl));
          return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
        }
        // A code checked with a session (turning two-factor on) is no sign-in; one checked after the password or a provider is.
        const secondStep = ctx.path.startsWith('/two-factor/verify-') && !ctx.context.session;
        await onSignedIn(
          { id: created.user.id, email: created.user.email, name: created.user.name, emailVerified: created.user.emailVerified },
          {
            method: secondStep ? (providerMethod(await codeStepProvider(ctx)) ?? 'Email/Password') : loginMethodFor(ctx.path, providerId),
            signedUp: ctx.path === '/sign-up/email',
            ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
            userAgent: ctx.headers?.get('user-agent') ?? null,
          },
        );
      }),
    },
    plugins: [...(providers.length > 0 ? [genericOAuth({ config: providers })] : []), twoFactorPlugin(secret), signInSafetyPlugin(), passkeyPlugin(config.publicUrl, db)],
  } satisfies BetterAuthOptions;

  return Object.assign(betterAuth(options), { sessionCache, sessionUsers });
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or alters better-auth's own tables as its options need them, through `db` (a connection in a transaction, under the migration lock). */
export async function migrateAuthTables(auth: Auth, db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const { runMigrations } = await getMigrations({ ...auth.options, database: { db, type: dialect } });
  await runMigrations();
  await uniquePasskeyCredentials(db);
}

/** The same with no server around (a restore, the test databases' template): an instance made only for its tables. */
export async function migrateAuthTablesWithout(
  server: Pick<CreateAuthOptions, 'config' | 'db' | 'dialect' | 'secret' | 'logger'>,
): Promise<void> {
  const noop = async () => {};
  const auth = createAuth({ ...server, onSignedIn: noop, onPreRegistrationRemoved: noop, onSessionEnded: noop });
  await migrateAuthTables(auth, server.db, server.dialect);
}
