import crypto from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../config';
import type { Dialect } from '../db/database';
import { startServer, type RunningServer } from '../server';
import type { Argon2Cost } from '../auth/password';
import { TestClient } from './client';
import { createTestDatabase, type TestDatabase } from './databases';
import { startTestSmtp, type TestSmtp } from './smtp';

export interface TestServer extends RunningServer {
  database: TestDatabase;
  config: AppConfig;
  /** The SMTP server this instance sends through: every email it sent is here. */
  mail: TestSmtp;
  /** The environment it was configured from (less PORT): what the command line needs to act on the same install. */
  env: Record<string, string>;
  client(): TestClient;
  stop(): Promise<void>;
}

export const ADMIN_EMAIL = 'owner@drabble.test';

/**
 * The argon2id cost of a test server's new password hashes: 1 MiB instead of OWASP's 46, as Rails
 * and Django hash at their lowest cost in tests. The suite hashes over two thousand passwords
 * (every sign-up, on both databases): at OWASP's cost 21 ms of CPU each, at this one 0.5 ms. The
 * hashing is the same code (auth/password.ts) with a smaller number; the tests of the cost
 * itself and of hashing under a flood start their servers at OWASP's (`passwordCost`).
 */
export const TEST_PASSWORD_COST: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * The size of a test server's new federation RSA keys: 2048 bits, as Mastodon makes them, where
 * production makes Fedify's 4096 (a tenth of the CPU: 14 keys took 8 s in the federation tests).
 */
export const TEST_RSA_KEY_BITS = 2048;

export interface TestServerOptions {
  /** The argon2id cost of new password hashes: TEST_PASSWORD_COST unless given. */
  passwordCost?: Argon2Cost;
  /** This port instead of a free one: a server started again where others know it (federation). */
  port?: number;
}

/** One API server on its own fresh database, listening on a free port. */
export async function startTestServer(dialect: Dialect, env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(dialect, { migrated: true });
  return startTestServerOn(database, env, database.handle, options);
}

/** Another server instance on an existing test database (the multi-instance tests). */
export async function startTestServerOn(
  database: TestDatabase,
  env: Record<string, string> = {},
  handle = database.handle,
  { passwordCost = TEST_PASSWORD_COST, port }: TestServerOptions = {},
): Promise<TestServer> {
  // Origin checks and cookies need the real address up front, so pick the port first. Another
  // process may take it between the probe and the listen: then pick again.
  const mail = await startTestSmtp();
  const installEnv: Record<string, string> = {
    ...database.env,
    ADMIN_EMAIL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-000000',
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Drabble <no-reply@drabble.test>',
    ...env,
  };
  // TEST_LOG_LEVEL=error (say) shows what the test servers log, to find what a test tripped on.
  const start = async (attempt: number): Promise<{ config: AppConfig; running: RunningServer }> => {
    const config = loadConfig({ ...installEnv, PORT: String(port ?? (await freePort())) });
    try {
      return { config, running: await startServer({ config, database: handle, webDir: null, passwordCost, rsaKeyBits: TEST_RSA_KEY_BITS, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) }) };
    } catch (err) {
      if (port === undefined && attempt < 5 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') return start(attempt + 1);
      throw err;
    }
  };
  const { config, running } = await start(1);
  const url = config.publicUrl;
  return {
    ...running,
    database,
    config,
    mail,
    env: installEnv,
    client: () => new TestClient(url),
    stop: async () => {
      await running.close();
      await mail.stop();
      await database.drop();
    },
  };
}

/**
 * Two instances on one fresh database, as several servers behind a load balancer share one
 * (they hear each other's events on PostgreSQL only; SQLite's travel by commit hook, in one process).
 */
export async function startTwoInstances(dialect: Dialect, env: Record<string, string> = {}): Promise<{ one: TestServer; two: TestServer; stop(): Promise<void> }> {
  const one = await startTestServer(dialect, env);
  const two = await startTestServerOn(one.database, env, one.database.reopen());
  return {
    one,
    two,
    stop: async () => {
      await two.close();
      await two.mail.stop();
      await one.stop();
    },
  };
}

export function uniqueEmail(prefix = 'writer'): string {
  return `${prefix}.${crypto.randomBytes(4).toString('hex')}@example.com`;
}

export interface SignedUp {
  client: TestClient;
  email: string;
  password: string;
  uid: string;
}

/** Signs a new person up through the real endpoint; the client then holds their session. */
export async function signUp(server: TestServer, opts: { email?: string; name?: string; password?: string } = {}): Promise<SignedUp> {
  const client = server.client();
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse 1';
  const res = await client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email, password, name: opts.name ?? '' });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, password, uid: res.body.user.id };
}

/** The token of the newest emailed link to `path` (e.g. '/verify-email') sent to `to`. */
export async function linkToken(server: TestServer, to: string, subject: string | RegExp, path: string): Promise<string> {
  const mail = await server.mail.waitFor({ to, subject });
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === path);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  return token;
}

/** Opens the verification link from the sign-up email, as the person would. */
export async function verifyEmail(server: TestServer, email: string): Promise<void> {
  const token = await linkToken(server, email, /Verify your email/, '/verify-email');
  const res = await server.client().post('/api/account/verify-email', { token });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A new account whose address is verified (the owner address then is an admin). */
export async function signUpVerified(server: TestServer, opts: { email?: string; name?: string; password?: string } = {}): Promise<SignedUp> {
  const person = await signUp(server, opts);
  await verifyEmail(server, person.email);
  return person;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
