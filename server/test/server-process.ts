import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/*
 * The server as production runs it: `node server.js`, compiled from the source with the
 * production build's config (vite.server.config.ts), in a process of its own, so that a signal is
 * the real one. Compiled once per test process (2–3 s) instead of starting `tsx server/main.ts`,
 * which transpiled the source and loaded every package unbundled at each start: 3.8 s against
 * 0.9 s on a quiet machine, 8–12 s at load 5, which took the shutdown test past its time.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Under node_modules so that the bundle's external packages (better-sqlite3, pg…) resolve from it. */
const BUILDS = path.join(REPO_ROOT, 'node_modules/.cache/drabble-test-server');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds left by test processes that have ended. */
function pruneBuilds(): void {
  if (!fs.existsSync(BUILDS)) return;
  for (const entry of fs.readdirSync(BUILDS)) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(BUILDS, entry), { recursive: true, force: true });
  }
}

async function build(): Promise<string> {
  pruneBuilds();
  const outDir = path.join(BUILDS, String(process.pid));
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--config', 'vite.server.config.ts', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`building the server for a process test failed (vite exited ${code}): ${err}`);
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
  return path.join(outDir, 'server.js');
}

let built: Promise<string> | undefined;

/** The compiled server's path, built on first use in this test process. Call it in beforeAll. */
export function compiledServer(): Promise<string> {
  built ??= build();
  return built;
}

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves once the process has printed `text` (its logs are the signal, not a timer). */
  printed: (text: string) => Promise<void>;
}

/** Starts the compiled server with the test's environment plus `env` (LOG_LEVEL warn unless given). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await compiledServer()], { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (d: Buffer) => {
    output += d.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
    });
  return { child, exited, output: () => output, printed };
}
