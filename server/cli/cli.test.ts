import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp } from '../test/server';
import { COMMANDS } from './commands';
import { COMMAND_INFO } from './usage.js';
import { drabble, REPO_ROOT } from '../test/cli';

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

  it('suggests the command a mistyped name most likely meant', async () => {
    for (const [typed, meant] of [['bakup', 'backup'], ['doctr', 'doctor'], ['Recount', 'recount'], ['verify', 'verify-email'], ['rest', 'restore']]) {
      expect(await drabble([typed!]), typed).toEqual({ code: 2, out: '', err: `drabble: unknown command "${typed}"; did you mean "${meant}"? (run "npx drabble --help" for the list)` });
    }
    // Nothing close, or two as close: no guess.
    expect((await drabble(['re'])).err).not.toContain('did you mean');
    expect((await drabble(['xyz'])).err).not.toContain('did you mean');
  });

  it('has every command usage.js describes, in its order: bin/drabble.js lists and checks calls from usage.js alone', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(COMMAND_INFO.map((c) => c.name));
    for (const command of COMMANDS) expect(COMMAND_INFO).toContainEqual(expect.objectContaining({ name: command.name, usage: command.usage, description: command.description }));
  });

  it('answers --help, a command\'s help and a mistake in a call without building or loading anything: from a checkout with nothing to build with', () => {
    // bin/ and usage.js alone, no dist/, no node_modules: any build or load of the server would fail here.
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bare-cli-'));
    try {
      for (const file of ['bin/drabble.js', 'bin/build-cli.js', 'server/cli/usage.js', 'package.json']) {
        fs.mkdirSync(path.dirname(path.join(bare, file)), { recursive: true });
        fs.copyFileSync(path.join(REPO_ROOT, file), path.join(bare, file));
      }
      const run = (...argv: string[]) => spawnSync(process.execPath, [path.join(bare, 'bin/drabble.js'), ...argv], { cwd: bare, encoding: 'utf8', env: { PATH: process.env.PATH } });
      const help = run('--help');
      expect(help.stderr).toBe('');
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Usage: npx drabble <command> [options]');
      for (const command of COMMANDS) expect(help.stdout).toContain(`  ${command.name}  `);
      const commandHelp = run('backup', '--help');
      expect([commandHelp.status, commandHelp.stderr]).toEqual([0, '']);
      expect(commandHelp.stdout).toMatch(/^Usage: npx drabble backup \[--out FILE\]/);
      const mistyped = run('bakup');
      expect([mistyped.status, mistyped.stdout]).toEqual([2, '']);
      expect(mistyped.stderr).toBe('drabble: unknown command "bakup"; did you mean "backup"? (run "npx drabble --help" for the list)\n');
      expect(run('verify-email').status).toBe(2);
      expect(fs.existsSync(path.join(bare, 'dist'))).toBe(false);
      // The boundary: a command that must run does build first (and here cannot).
      const real = run('recount');
      expect(real.status).toBe(1);
      expect(real.stderr).toContain('building the command line');
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs a command from a checkout as `npx drabble`: bin/drabble.js builds dist/cli.js when it is missing or stale, then runs it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-cli-run-'));
    try {
      const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/drabble.js'), 'verify-email', 'nobody@example.com'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 120_000,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      expect(result.stderr).not.toMatch(/could not build/);
      expect(result.stderr.trim().split('\n').at(-1)).toBe('drabble verify-email: no account has the address nobody@example.com');
      expect(result.status).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.each(testDialects())('account commands on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('verify-email marks the address verified (the owner address becomes admin) and logs it as the command line', async () => {
    const owner = await signUp(api.server, { email: ADMIN_EMAIL });
    // Any case names the account.
    const done = await drabble(['verify-email', ADMIN_EMAIL.toUpperCase()], api.server.env);
    expect(done).toEqual({ code: 0, out: `Verified ${ADMIN_EMAIL}.`, err: '' });
    const me = await owner.client.get<{ user: { emailVerified: boolean; admin: boolean } }>('/api/me');
    expect(me.body.user).toMatchObject({ emailVerified: true, admin: true });
    const log = await api.server.ctx.db.selectFrom('systemLogs').select(['type', 'source', 'resource']).where('type', '=', 'email_verified').execute();
    expect(log).toEqual([{ type: 'email_verified', source: 'cli', resource: `users/${owner.uid}` }]);

    expect(await drabble(['verify-email', ADMIN_EMAIL], api.server.env)).toMatchObject({ code: 0, out: `${ADMIN_EMAIL} was already verified.` });
    expect(await drabble(['verify-email', 'nobody@example.com'], api.server.env)).toEqual({
      code: 1,
      out: '',
      err: 'drabble verify-email: no account has the address nobody@example.com',
    });
  });
});
