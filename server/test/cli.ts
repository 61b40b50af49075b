import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { COMMANDS } from '../cli/commands';
import { runCli } from '../cli/run';

/*
 * Running `npx drabble` in tests: in this process (fast, the common case), or as the real
 * program, `node bin/drabble.js`, in a process of its own (what a host runs; also the only way
 * to run two commands truly at once against one SQLite file, whose locks are per process).
 */

export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Runs a command line in this process against `env`, collecting what it printed. */
export async function drabble(argv: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, COMMANDS, { out: (line) => out.push(line), err: (line) => err.push(line), env: { LOG_LEVEL: 'silent', ...env } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO_ROOT, 'bin/drabble.js');

/** The environment of a child command: this one's PATH and HOME, and nothing else of the test's. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env };
}

/**
 * Builds dist/cli.js when it is missing or stale, once, before commands are started side by
 * side (bin/drabble.js would otherwise build in each of them).
 */
export function buildCommandLine(): void {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/build-cli.js')], { cwd: REPO_ROOT, encoding: 'utf8', env: childEnv({}) });
  if (result.status !== 0) throw new Error(`node bin/build-cli.js failed: ${result.stderr}`);
}

/**
 * Runs `node bin/drabble.js …argv` in a process of its own against `env`. A command still
 * running after `killAfterMs` is killed (code -1, so a hang fails the test instead of outliving it).
 */
export function drabbleProcess(argv: string[], env: Record<string, string>, killAfterMs = 15_000): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: REPO_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code: code ?? -1, out: out.trimEnd(), err: err.trimEnd() });
    });
  });
}
