import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH } from '@common/limits';
import type { AppConfig, OidcProviderConfig } from '../config';
import type { Database } from '../db/types';
import type { Dialect } from '../db/database';
import type { Logger } from '../logger';
import { hashPassword, verifyPassword } from './password';

export type LoginMethod = 'Google' | 'Microsoft' | 'Email/Password';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** The header the /api/auth wrapper sets to the client address it trusts. */
export const CLIENT_IP_HEADER = 'x-drabble-client-ip';

const SESSION_DAYS = 30;

function oidcProvider(providerId: 'google' | 'microsoft', provider: OidcProviderConfig): GenericOAuthConfig {
  return {
    providerId,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    discoveryUrl: provider.discoveryUrl,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
  };
}

export function loginMethodFor(path: string, providerId: string | undefined): LoginMethod | null {
  if (path.startsWith('/sign-in/email') || path.startsWith('/sign-up/email')) return 'Email/Password';
  if (path.includes('/callback')) {
    if (providerId === 'google') return 'Google';
    if (providerId === 'microsoft') return 'Microsoft';
  }
  return null;
}

export interface CreateAuthOptions {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  /** Runs after every successful sign-in or sign-up, outside better-auth's transaction. */
  onSignedIn: (user: SignedInUser, method: LoginMethod | null) => Promise<void>;
  logger: Logger;
}

export function createAuth({ config, db, dialect, secret, onSignedIn, logger }: CreateAuthOptions) {
  const providers: GenericOAuthConfig[] = [];
  if (config.providers.google) providers.push(oidcProvider('google', config.providers.google));
  if (config.providers.microsoft) providers.push(oidcProvider('microsoft', config.providers.microsoft));

  const options = {
    appName: 'Drabble',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: dialect },
    user: { modelName: 'authUsers' },
    session: { modelName: 'authSessions', expiresIn: SESSION_DAYS * 24 * 60 * 60 },
    account: {
      modelName: 'authAccounts',
      accountLinking: { enabled: true, trustedProviders: ['google', 'microsoft'] },
    },
    verification: { modelName: 'authVerifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: config.passwordMinLength,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    trustedOrigins: [config.publicUrl],
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A changed password must end every other session, whatever the client asked.
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const created = ctx.context.newSession;
        if (!created) return;
        const providerId = typeof ctx.params?.providerId === 'string' ? ctx.params.providerId : undefined;
        await onSignedIn(
          { id: created.user.id, email: created.user.email, name: created.user.name },
          loginMethodFor(ctx.path, providerId),
        );
      }),
    },
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;
