import { describe, expect, it } from 'vitest';
import type { RouteContract } from '@common/contracts/define';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import type { SignedUp, TestServer } from '../test/server';

/** Every route contract of every feature (common/<feature>/contract.ts and its -contract.ts parts). */
const modules = import.meta.glob<Record<string, unknown>>('../../common/*/*contract.ts', { eager: true });

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'response' in value;

const contracts: { name: string; contract: RouteContract }[] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([exported, value]) =>
    typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter((entry): entry is [string, RouteContract] => isContract(entry[1]))
          .map(([key, contract]) => ({ name: `${file.replace('../../common/', '')} ${exported}.${key}`, contract }))
      : [],
  ),
);

/** The route's address with a made-up value for each parameter: the access check comes before any parameter is read. */
const addressOf = (contract: RouteContract) => contract.path.replace(/:[A-Za-z]+/g, 'x0');

/**
 * better-auth's endpoints, behind the auth proxy (server/auth/routes.ts), which checks a body
 * before better-auth looks at the session: a well-formed one for each, so the session decides.
 */
const AUTH_BODIES: Record<string, unknown> = {
  '/api/auth/two-factor/enable': { password: 'a password of some length' },
  '/api/auth/two-factor/disable': { password: 'a password of some length' },
  '/api/auth/two-factor/generate-backup-codes': { password: 'a password of some length' },
  '/api/auth/two-factor/verify-totp': { code: '123456' },
  '/api/auth/two-factor/disable-with-code': { code: '123456' },
  '/api/auth/two-factor/generate-backup-codes-with-code': { code: '123456' },
};

const call = (client: SignedUp['client'] | ReturnType<TestServer['client']>, contract: RouteContract) =>
  client.send(contract.method, addressOf(contract), contract.method === 'GET' ? undefined : (AUTH_BODIES[contract.path] ?? {}));

/*
 * What each contract declares of its callers (`access`) is what the server does: a guest is
 * refused every route but the guests' with 401, and a member every admin route with 403, before
 * anything about the request is looked at.
 */
describe.each(testDialects())('who may call each route, as its contract says, on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['member'] });

  it('finds the contracts', () => {
    expect(contracts.length).toBeGreaterThan(150);
    expect(new Set(contracts.map(({ contract }) => contract.access))).toEqual(new Set(['guest', 'signedIn', 'admin']));
  });

  it('refuses a guest every route that needs a session, with 401', async () => {
    const guest = api.server.client();
    const answers = [];
    for (const { name, contract } of contracts.filter(({ contract }) => contract.access !== 'guest')) {
      answers.push({ name, status: (await call(guest, contract)).status });
    }
    expect(answers.filter(({ status }) => status !== 401)).toEqual([]);
  });

  it('refuses a member who is no admin every admin route, with 403', async () => {
    const answers = [];
    for (const { name, contract } of contracts.filter(({ contract }) => contract.access === 'admin')) {
      answers.push({ name, status: (await call(api.member.client, contract)).status });
    }
    expect(answers.filter(({ status }) => status !== 403)).toEqual([]);
  });

  it('lets a guest call the guests’ routes: never a 401 or 403', async () => {
    const guest = api.server.client();
    const answers = [];
    for (const { name, contract } of contracts.filter(({ contract }) => contract.access === 'guest')) {
      answers.push({ name, status: (await call(guest, contract)).status });
    }
    expect(answers.filter(({ status }) => status === 401 || status === 403)).toEqual([]);
  });
});
