/** Facts of the browser-test environment, shared by the config, the mock provider and the tests. */
import { execFileSync } from 'node:child_process';

/**
 * A free port, found synchronously (Playwright reads its config without awaiting). The
 * main process picks once; workers and web servers inherit the choice through the
 * environment, so several runs can share a machine.
 */
export function pickFreePort(): string {
  const probe = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', probe]).toString().trim();
}

process.env.DRABBLE_E2E_PORT ??= pickFreePort();
process.env.DRABBLE_E2E_OIDC_PORT ??= pickFreePort();
process.env.DRABBLE_E2E_SMTP_PORT ??= pickFreePort();
process.env.DRABBLE_E2E_MAILBOX_PORT ??= pickFreePort();
const port = Number(process.env.DRABBLE_E2E_PORT);
const oidcPort = Number(process.env.DRABBLE_E2E_OIDC_PORT);
const smtpPort = Number(process.env.DRABBLE_E2E_SMTP_PORT);
const mailboxPort = Number(process.env.DRABBLE_E2E_MAILBOX_PORT);

export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  oidcPort,
  oidcIssuer: `http://localhost:${oidcPort}`,
  /** The app sends its email here (SMTP_URL); the tests read it back from the mailbox's HTTP side (support/mail.ts). */
  smtpPort,
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  mailboxPort,
  mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
  /** Debian's Chromium, the whole browser: the specs of what only it does (notifications, installing the app). */
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** Debian's build of Chromium's headless shell, what Playwright runs headless tests in: every other spec (docs/decisions/0069). */
  headlessShellPath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  adminEmail: 'owner@drabble.test',
  google: { clientId: 'e2e-google', person: { sub: 'google-grace', email: 'grace.hopper@gmail.test', name: 'Grace Hopper' } },
  microsoft: { clientId: 'e2e-microsoft', person: { sub: 'microsoft-alan', email: 'alan.turing@outlook.test', name: 'Alan Turing' } },
} as const;
