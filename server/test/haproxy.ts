import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './debian';
import { freePort } from './server';
import { supervise, waitUntilReady } from './supervised';

/** The configuration a real install uses too (README "Running several instances"). */
export const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const HAPROXY = '/usr/sbin/haproxy';
/** deploy/haproxy.cfg names DRABBLE_APP_1 … DRABBLE_APP_6. */
export const HAPROXY_MAX_SERVERS = 6;
const START_TIMEOUT_MS = 15_000;

export interface HaProxyOptions {
  /** The instances, as host:port (127.0.0.1:7101). */
  servers: string[];
  /** Where it listens on 127.0.0.1; a free port when omitted. */
  port?: number;
}

export interface RunningHaProxy {
  url: string;
  port: number;
  /** What it logged (server state changes, errors). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A real HAProxy (Debian package `haproxy`, installed when missing) from deploy/haproxy.cfg, the
 * addresses given as the environment variables the file names. The file is checked first
 * (`haproxy -c`), so a broken configuration fails with HAProxy's own message. Resolves once it
 * accepts connections; whether an instance is up is for its health checks to find.
 */
export async function startHaProxy(options: HaProxyOptions): Promise<RunningHaProxy> {
  if (options.servers.length < 1 || options.servers.length > HAPROXY_MAX_SERVERS) {
    throw new Error(`deploy/haproxy.cfg takes 1 to ${HAPROXY_MAX_SERVERS} servers, not ${options.servers.length}`);
  }
  const binary = await ensureDebianPackage('haproxy', HAPROXY);
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', DRABBLE_BIND: `127.0.0.1:${port}` };
  options.servers.forEach((server, i) => (env[`DRABBLE_APP_${i + 1}`] = server));

  const check = spawn(binary, ['-c', '-q', '-f', HAPROXY_CFG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOutput = '';
  check.stdout.on('data', (d: Buffer) => (checkOutput += d.toString()));
  check.stderr.on('data', (d: Buffer) => (checkOutput += d.toString()));
  const checked = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (checked !== 0) throw new Error(`deploy/haproxy.cfg is not valid:\n${checkOutput}`);

  // -db: in the foreground, logging to stderr (captured).
  const server = supervise(binary, ['-db', '-f', HAPROXY_CFG], { env, keepChars: 50_000 });
  // SIGTERM: a hard stop (SIGUSR1's soft stop would wait for every open live stream).
  const stop = () => server.stop(['SIGTERM', 'SIGKILL'], 5000);
  try {
    await waitUntilReady(server, () => accepts(port), START_TIMEOUT_MS);
  } catch (err) {
    await stop();
    throw new Error(`HAProxy did not start listening on ${port}: ${(err as Error).message}\n${server.output().slice(-2000)}`);
  }
  return { url: `http://127.0.0.1:${port}`, port, log: server.output, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
