import { LATEST_MIGRATION } from '../db/migrations';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useBackupBench } from '../test/backup';
import { COMMANDS } from './commands';
import { runCli } from './run';

/** Runs a command line in this process against `env` (as cli.test.ts does), collecting what it printed. */
async function drabble(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, COMMANDS, { out: (line) => out.push(line), err: (line) => err.push(line), env: { LOG_LEVEL: 'silent', ...env } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const root = path.resolve(import.meta.dirname, '../..');

describe('backup and restore commands', () => {
  it('explain themselves', async () => {
    expect((await drabble(['backup', '--help'])).out).toMatch(/^Usage: npx drabble backup \[--out FILE\]\n/);
    expect((await drabble(['restore', '--help'])).out).toMatch(/^Usage: npx drabble restore FILE \[--force\]\n/);
    expect(await drabble(['restore'])).toEqual({ code: 2, out: '', err: 'drabble restore: missing argument (usage: drabble restore FILE [--force])' });
    expect((await drabble(['backup', 'extra'])).code).toBe(2);
  });
});

describe.each(testDialects())('backup and restore commands on %s', (dialect) => {
  const bench = useBackupBench(dialect, { populated: true });

  it('backup writes the file and says what and how long; restore loads it and prints the counts; a second restore is refused', async () => {
    const file = path.join(bench.dir, 'in-process.zip');
    const made = await drabble(['backup', '--out', file], bench.server.env);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(new RegExp(`^Wrote ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(\\d+(\\.\\d)? KB\\) in \\d+\\.\\d s: \\d+ tables, [\\d,]+ rows, 1 file \\(Drabble \\d+\\.\\d+\\.\\d+, schema ${LATEST_MIGRATION}\\)\\.$`));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await drabble(['backup', '--out', file], bench.server.env)).toMatchObject({ code: 1, err: `drabble backup: could not write ${file}: ${file} already exists` });

    const target = await bench.fresh();
    const restored = await drabble(['restore', file], target.env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const lines = restored.out.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Restored in-process\\.zip \\(Drabble .+, schema ${LATEST_MIGRATION}, taken .+ on ${dialect}\\) in \\d+\\.\\d s:$`));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}stories +1$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}authUsers +2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}files +1$/));
    expect(lines.at(-1)).toBe('Not in a backup, on purpose: backupSchedule, fedKv, liveEvents, liveStreams, rateLimits, tagCountChanges.');

    expect(await drabble(['restore', file], target.env)).toEqual({
      code: 1,
      out: '',
      err: 'drabble restore: the database already holds 2 accounts; restoring replaces everything in it (run again with --force to do that). Nothing was changed.',
    });
    expect((await drabble(['restore', file, '--force'], target.env)).code).toBe(0);

    const cut = path.join(bench.dir, 'cut.zip');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 2000));
    expect(await drabble(['restore', cut, '--force'], target.env)).toEqual({
      code: 1,
      out: '',
      err: 'drabble restore: cut.zip cannot be restored: it is not a whole zip file (its end is missing: truncated?). Nothing was changed.',
    });
    expect(await drabble(['restore', path.join(bench.dir, 'nowhere.zip')], target.env)).toMatchObject({ code: 1, err: 'drabble restore: nowhere.zip cannot be restored: there is no such file. Nothing was changed.' });
  }, 60_000);

  it('runs as `npx drabble` from a checkout: bin/drabble.js backup (default name in the current folder), then restore', async () => {
    const cwd = fs.mkdtempSync(path.join(bench.dir, 'cwd-'));
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(root, 'bin/drabble.js'), ...args], { cwd, encoding: 'utf8', timeout: 150_000, env: { ...process.env, ...env } });
    const made = run(['backup'], bench.server.env);
    expect(made.stderr.replace(/^drabble: building the command line.*\n/, '')).toBe('');
    expect(made.status).toBe(0);
    const [name] = fs.readdirSync(cwd);
    expect(name).toMatch(/^drabble-backup-\d{8}-\d{6}\.zip$/);
    expect(made.stdout).toContain(`Wrote ${path.join(fs.realpathSync(cwd), name!)}`.replace(fs.realpathSync(cwd), cwd));

    const target = await bench.fresh();
    const restored = run(['restore', name!], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^Restored ${name!.replace('.', '\\.')} `));
  }, 180_000);
});
