import { spawn, type SpawnOptions } from 'node:child_process';

/** A server program a test or script started (PgBouncer, HAProxy), kept on a short leash. */
export interface Supervised {
  /** The end of what it printed, for a failure's message. */
  output(): string;
  exited(): boolean;
  /**
   * Sends the first signal, then each next one if it has not exited `escalateMs` after the
   * previous; resolves once it has exited. Does nothing if it already has.
   */
  stop(signals: NodeJS.Signals[], escalateMs: number): Promise<void>;
}

/**
 * Starts `binary` with its output captured (the last `keepChars`), and kills it if this process
 * exits without stopping it, so a failed test leaves no server holding a port.
 */
export function supervise(binary: string, args: string[], options: SpawnOptions & { keepChars?: number } = {}): Supervised {
  const { keepChars = 20_000, ...spawnOptions } = options;
  const child = spawn(binary, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-keepChars));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    output: () => output,
    exited: () => exited,
    async stop(signals, escalateMs) {
      if (!exited) {
        const [first, ...rest] = signals;
        if (first) child.kill(first);
        const timers = rest.map((signal, i) => setTimeout(() => child.kill(signal), escalateMs * (i + 1)));
        await exit;
        timers.forEach(clearTimeout);
      }
      process.off('exit', killOnExit);
    },
  };
}

/**
 * Polls `ready` every 100 ms until it answers true; throws when `server` exits first or
 * `timeoutMs` passes, with the last failure `ready` threw.
 */
export async function waitUntilReady(server: Supervised, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    if (server.exited()) throw new Error('it exited');
    try {
      if (await ready()) return;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms${last ? ` (${last instanceof Error ? last.message : String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
