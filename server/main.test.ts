import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server';
import { compiledServer, startServerProcess } from './test/server-process';
import { NO_ADMIN_EMAIL_WARNING } from './startup-summary';
import { ACCOUNT_TEXTS } from '@common/account/texts';

async function waitForHealth(url: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** Opens a socket, sends the start of a request and waits until it is written; `finish` sends the rest and reads the whole answer. */
async function startHalfARequest(port: number, start: string): Promise<{ finish: (rest: string) => Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const closed = new Promise<void>((resolve, reject) => {
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await new Promise<void>((resolve) => socket.write(start, () => resolve()));
  // The server accepts connections and reads their bytes in the order they came: once a request
  // on a later connection is answered, this one has been accepted and its request begun.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
  return {
    finish: async (rest) => {
      socket.write(rest);
      await closed;
      return received;
    },
  };
}

describe('the server process', () => {
  beforeAll(() => compiledServer(), 60_000);

  it('stops at start-up with one line naming a bad variable', async () => {
    const proc = await startServerProcess({ PORT: 'abc' });
    expect(await proc.exited).toBe(1);
    expect(proc.output().trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number (got "abc")']);
  });

  it('stops with a clear line when its port is taken, instead of crashing on an uncaught error', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-main-'));
    try {
      const proc = await startServerProcess({ PORT: String(port), DATA_DIR: dataDir });
      expect(await proc.exited).toBe(1);
      expect(proc.output()).toContain('Drabble could not start:');
      expect(proc.output()).toContain('EADDRINUSE');
      expect(proc.output()).not.toContain('Uncaught');
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says in plain words where it runs, on which database, that nobody is admin without ADMIN_EMAIL, and prints an emailed link on a line of its own', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-main-'));
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const proc = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ADMIN_EMAIL: '', SMTP_URL: '', PUBLIC_URL: '' });
    try {
      await proc.printed('Drabble is running at');
      await waitForHealth(origin);
      const lines = proc.output().split('\n');
      expect(lines).toContain(`Drabble is running at ${origin}`);
      expect(lines).toContain(`  Database: SQLite at ${path.join(dataDir, 'drabble.sqlite')}`);
      expect(lines).toContain(`  Warning:  ${NO_ADMIN_EMAIL_WARNING}`);
      expect(lines).toContain("  Email:    not sent (SMTP_URL is not set): each one, with its link, is printed in this output instead");
      // The structured line stays, for log collectors, with the same facts as fields.
      const logged = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; url?: string; email?: string; level: number });
      expect(logged.find((l) => l.msg === `Drabble is running at ${origin}`)).toMatchObject({ url: origin, email: 'printed', adminEmail: null });
      expect(logged.find((l) => l.msg === NO_ADMIN_EMAIL_WARNING)?.level).toBe(40);
      // The screens are told, so they say where the link is instead of "we sent a link".
      expect(((await (await fetch(`${origin}/api/auth-config`)).json()) as { emailPrinted: boolean }).emailPrinted).toBe(true);

      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'first@example.com', password: 'correct horse 1', name: 'First' }),
      });
      expect(signUp.status).toBe(200);
      await proc.printed('/verify-email?token=');
      const after = proc.output().split('\n');
      expect(after).toContain('Email to first@example.com not sent (SMTP_URL is not set): "Verify your email address for Drabble". Open:');
      expect(after.some((l) => new RegExp(`^${origin}/verify-email\\?token=[^\\s]+$`).test(l))).toBe(true);
      // Asked again, it says where the new link is, not that an email went out.
      const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const resent = await fetch(`${origin}/api/account/verification/resend`, { method: 'POST', headers: { origin, cookie } });
      expect(resent.status).toBe(200);
      expect(((await resent.json()) as { message: string }).message).toBe(ACCOUNT_TEXTS.verificationPrinted);
    } finally {
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts with no configuration, creates its data and secret, and exits cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-main-'));
    const port = await freePort();
    const proc = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await waitForHealth(`http://localhost:${port}`);
      expect(fs.existsSync(path.join(dataDir, 'drabble.sqlite'))).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      // A request the server has begun reading when SIGTERM comes is answered before the process exits.
      // (A fetch sent just before the signal may still sit in the listen backlog, or reuse a pooled
      // connection the drain closes as idle; half a request on its own socket is surely in flight.)
      // (Not /api/health: from the signal on it answers 503, so that a load balancer lets the instance go.)
      const answer = await startHalfARequest(port, 'GET /api/prompts/today HTTP/1.1\r\nHost: localhost\r\n');
      proc.child.kill('SIGTERM');
      // Logged just before the listener closes: the rest of the request arrives while it drains.
      await proc.printed('shutting down: draining requests');
      expect(await answer.finish('\r\n')).toMatch(/^HTTP\/1\.1 200 /);
      expect(await proc.exited).toBe(0);
      // A clean close checkpoints the WAL away.
      expect(fs.existsSync(path.join(dataDir, 'drabble.sqlite-wal'))).toBe(false);
    } finally {
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
