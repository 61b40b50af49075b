import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { ADMIN_EMAIL, signUp, startTestServer, type TestServer } from '../test/server';
import { COMMANDS } from './commands';
import { drabble } from '../test/cli';

describe('the command line', () => {
  it('lists its commands, explains each, and refuses a wrong call in one line with a non-zero exit', async () => {
    const help = await drabble(['--help']);
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.out).toContain(`${command.name}  `);
    expect((await drabble([])).code).toBe(2);

    const verifyHelp = await drabble(['verify-email', '--help']);
    expect(verifyHelp.code).toBe(0);
    expect(verifyHelp.out).toMatch(/^Usage: npx drabble verify-email EMAIL/);

    const unknown = await drabble(['frobnicate']);
    expect(unknown).toEqual({ code: 2, out: '', err: 'drabble: unknown command "frobnicate" (run "npx drabble --help" for the list)' });
    const badFlag = await drabble(['verify-email', '--loud', 'a@example.com']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.err.split('\n')).toHaveLength(1);
    expect(badFlag.err).toMatch(/^drabble verify-email: .*--loud/);
    const missing = await drabble(['verify-email']);
    expect(missing).toEqual({ code: 2, out: '', err: 'drabble verify-email: missing argument (usage: drabble verify-email EMAIL)' });
    const badConfig = await drabble(['verify-email', 'a@example.com'], { SESSION_CACHE_MS: 'soon' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.err).toBe('drabble verify-email: Invalid configuration: SESSION_CACHE_MS must be a number of milliseconds (got "soon")');
  });

  it('runs from a checkout as `npx drabble`: bin/drabble.js builds dist/cli.js when it is missing or stale', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const result = spawnSync(process.execPath, [path.join(root, 'bin/drabble.js'), '--help'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(result.stderr).not.toMatch(/could not build/);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: npx drabble <command> [options]');
    for (const command of COMMANDS) expect(result.stdout).toContain(command.name);
  }, 180_000);
});

describe.each(testDialects())('account commands on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server.stop());

  it('verify-email marks the address verified (the owner address becomes admin) and logs it as the command line', async () => {
    const owner = await signUp(server, { email: ADMIN_EMAIL });
    // Any case names the account.
    const done = await drabble(['verify-email', ADMIN_EMAIL.toUpperCase()], server.env);
    expect(done).toEqual({ code: 0, out: `Verified ${ADMIN_EMAIL}.`, err: '' });
    const me = await owner.client.get<{ user: { emailVerified: boolean; admin: boolean } }>('/api/me');
    expect(me.body.user).toMatchObject({ emailVerified: true, admin: true });
    const log = await server.ctx.db.selectFrom('systemLogs').select(['type', 'source', 'resource']).where('type', '=', 'email_verified').execute();
    expect(log).toEqual([{ type: 'email_verified', source: 'cli', resource: `users/${owner.uid}` }]);

    expect(await drabble(['verify-email', ADMIN_EMAIL], server.env)).toMatchObject({ code: 0, out: `${ADMIN_EMAIL} was already verified.` });
    expect(await drabble(['verify-email', 'nobody@example.com'], server.env)).toEqual({
      code: 1,
      out: '',
      err: 'drabble verify-email: no account has the address nobody@example.com',
    });
  });
});
