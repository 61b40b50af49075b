import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './server';

/**
 * A real Web Push service for tests: the `web-push-testing` package's server (npm), started as
 * its CLI starts it, in a child process on a free port. It hands out subscriptions bound to a
 * VAPID public key, checks each push's VAPID signature against it, decrypts the payload
 * (aes128gcm) and keeps it for the test to read; an expired subscription answers 410.
 */

export interface PushClientSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The service's name for the subscription: what `messages` and `expire` take. */
  clientHash: string;
}

export interface TestPushService {
  url: string;
  /** A subscription as a browser would get one with this applicationServerKey. */
  subscribe(applicationServerKey: string): Promise<PushClientSubscription>;
  /** The decrypted payloads pushed to the subscription so far, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** The browser unsubscribed: the service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

async function post(url: string, body?: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web-push-testing exited with ${child.exitCode}`);
    try {
      if ((await post(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('web-push-testing did not start within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startPushService(): Promise<TestPushService> {
  const port = await freePort();
  const child = spawn(process.execPath, [require.resolve('web-push-testing/src/bin/server.js'), String(port)], { stdio: 'ignore' });
  const url = `http://localhost:${port}`;
  await waitUntilUp(url, child);
  return {
    url,
    async subscribe(applicationServerKey) {
      // The service takes its options as strings (as its form-encoded clients send them).
      const res = await post(`${url}/subscribe`, { userVisibleOnly: 'true', applicationServerKey });
      if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: PushClientSubscription }).data;
    },
    async messages(clientHash) {
      const res = await post(`${url}/get-notifications`, { clientHash });
      if (!res.ok) throw new Error(`get-notifications: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(clientHash) {
      const res = await post(`${url}/expire-subscription/${clientHash}`);
      if (!res.ok) throw new Error(`expire: ${res.status} ${await res.text()}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
