import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../db/database';
import { ADMIN_EMAIL, signUp, signUpVerified, startTestServer, type SignedUp, type TestServer, type TestServerOptions } from './server';

/** How one of the fixture's people signs up. */
export interface PersonSetup {
  name?: string;
  /** Opens the verification link from the sign-up email. */
  verified?: boolean;
  /** Signs up with the owner address (ADMIN_EMAIL) and verifies it: the install's admin. */
  admin?: boolean;
}

/** The fixture's people: names signed up with no options, or each name with how it signs up. */
export type PeopleSetup<P extends string> = readonly P[] | { readonly [K in P]: PersonSetup };

export interface TestServerSetup<P extends string> {
  /**
   * The server's environment, on top of startTestServer's; a function when it needs what an
   * earlier beforeAll made (a mock provider's address), read when the server starts.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  options?: TestServerOptions;
  /** Signed up in this order once the server runs, each then a property of the fixture. */
  people?: PeopleSetup<P> & { server?: never };
}

/** The server and the people of a test file, there once the fixture's beforeAll has run. */
export type TestApi<P extends string> = { readonly server: TestServer } & { readonly [K in P]: SignedUp };

/**
 * The set-up of an API test file: registers a beforeAll that starts a test server on its own
 * database and signs the people up, and an afterAll that stops it. Call it inside the describe;
 * the hooks the file registers after it run with the server and people there (afterAll hooks run
 * in reverse, so theirs run before the server stops). Reading one before the beforeAll ran throws.
 */
export function useTestServer<const P extends string = never>(dialect: Dialect, setup: TestServerSetup<P> = {}): TestApi<P> {
  const entries: [string, PersonSetup][] = Array.isArray(setup.people)
    ? (setup.people as readonly string[]).map((name) => [name, {}])
    : Object.entries((setup.people ?? {}) as Record<string, PersonSetup>);
  const values = new Map<string, TestServer | SignedUp>();
  const api = {} as TestApi<P>;
  for (const key of ['server', ...entries.map(([name]) => name)]) {
    if (Object.hasOwn(api, key)) throw new Error(`useTestServer: "${key}" is named twice, or a person is named "server"`);
    Object.defineProperty(api, key, {
      enumerable: true,
      get() {
        const value = values.get(key);
        if (!value) {
          throw new Error(`useTestServer: "${key}" is not there: read before the fixture's beforeAll ran, after it failed or after the server stopped; read it in a test, or in a hook registered after useTestServer.`);
        }
        return value;
      },
    });
  }
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(dialect, typeof setup.env === 'function' ? setup.env() : setup.env, setup.options);
    values.set('server', server);
    for (const [name, person] of entries) values.set(name, await signUpAs(server, person));
  });
  afterAll(async () => {
    values.clear();
    await server?.stop();
  });
  return api;
}

function signUpAs(server: TestServer, { verified, admin, ...opts }: PersonSetup): Promise<SignedUp> {
  if (admin) return signUpVerified(server, { ...opts, email: ADMIN_EMAIL });
  return verified ? signUpVerified(server, opts) : signUp(server, opts);
}
