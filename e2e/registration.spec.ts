import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { E2E } from './support/env';
import { waitForMail } from './support/mail';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { newPerson } from './support/users';

/*
 * Who may join. The registration mode is one per site, and every other spec signs
 * people up on the shared e2e server at the same time: switching it to approval there, even
 * for a moment, could leave another spec's new account waiting. So this spec starts a server of
 * its own (the same dist/server.js, a fresh data directory and port, the shared mailbox) and
 * changes the mode only there; the shared server never leaves "Open".
 */

const SHOTS = 'test-results/shots-registration';
/** This spec's own server's owner: a new address per server, so the shared mailbox never hands back an earlier server's link. */
let ownerEmail = '';
const OWNER_PASSWORD = 'owner password';

let server: ChildProcess;
let baseUrl: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ownerEmail = `owner.${crypto.randomBytes(4).toString('hex')}@registration.test`;
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-e2e-registration-'));
  server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ownerEmail, LOG_LEVEL: 'warn', SMTP_URL: E2E.smtpUrl, MAIL_FROM: 'Drabble <no-reply@drabble.test>' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect.poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const origin = () => ({ origin: baseUrl });

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  await skipTutorial(page);
  return page;
}

/** The owner of this spec's own server: signed up and verified through the emailed link. */
async function signInAsOwner(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  const credentials = { email: ownerEmail, password: OWNER_PASSWORD };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...credentials, name: 'The Owner' }, headers: origin() });
  if (signUp.status() === 200) {
    const mail = await waitForMail(ownerEmail, 'Verify your email address for Drabble', 15_000);
    const token = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/verify-email')?.searchParams.get('token');
    expect((await page.request.post('/api/account/verify-email', { data: { token }, headers: origin() })).status()).toBe(200);
  } else {
    expect((await page.request.post('/api/auth/sign-in/email', { data: credentials, headers: origin() })).status()).toBe(200);
  }
  await expect.poll(async () => ((await (await page.request.get('/api/me')).json()) as { user: { admin: boolean } }).user.admin).toBe(true);
  return page;
}

async function setMode(request: APIRequestContext, mode: 'open' | 'approval' | 'invite') {
  const res = await request.patch('/api/admin/settings/registration', { data: { mode }, headers: origin() });
  expect(res.status(), await res.text()).toBe(200);
}

test('an approval-mode sign-up waits, reads what a guest may, and the owner, told on /admin, approves it in /admin/users', async ({ browser }) => {
  // Two people, two widths, and the looks of two screens in both schemes.
  test.slow();
  const owner = await signInAsOwner(browser);
  await owner.goto('/admin');
  await owner.getByRole('link', { name: /Site settings/ }).click();
  await expect(owner).toHaveURL(/\/admin\/settings$/);
  const settings = owner.getByTestId('registration-settings');
  await settings.getByRole('radio', { name: /Approval/ }).check();
  await settings.getByLabel('Blocked email domains').fill('Spam.Example\nmailinator.test');
  await settings.getByRole('button', { name: 'Save registration settings' }).click();
  await expect(owner.getByText('Registration settings saved')).toBeVisible();
  await owner.reload();
  await expect(owner.getByTestId('registration-settings').getByRole('radio', { name: /Approval/ })).toBeChecked();
  await expect(owner.getByLabel('Blocked email domains')).toHaveValue('mailinator.test\nspam.example');

  try {
    // The newcomer signs up through the login screen and sees only the waiting screen.
    const person = newPerson('waiting', 'Wendy Waiting');
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page.getByTestId('join-notice')).toContainText('approved by the people who run this site');
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Display name (optional)').fill(person.name);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Password').fill(person.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('waiting-screen')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();
    await page.goto('/stories');
    await expect(page.getByTestId('waiting-screen')).toBeVisible();
    await shootLooks(page, SHOTS, 'waiting', { target: page.getByTestId('waiting-screen'), axe: true });

    // The bar offers only what they can use meanwhile: what a guest may read, the appearance, signing out.
    await page.setViewportSize({ width: 1280, height: 900 });
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByTestId('nav-link-community')).toBeVisible();
    await expect(bar.getByTestId('nav-link-contest')).toBeVisible();
    for (const gone of ['stories', 'favorites', 'feed', 'friends', 'messages']) await expect(bar.getByTestId(`nav-link-${gone}`)).toHaveCount(0);
    await expect(bar.getByTestId('user-notification-bell')).toHaveCount(0);
    await bar.getByTestId('account-menu-trigger').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await expect(page.getByTestId('account-menu-settings')).toHaveCount(0);
    await page.keyboard.press('Escape');
    // And they read the community as a guest can, from the bar or the waiting card.
    await page.getByTestId('waiting-community-link').click();
    await expect(page).toHaveURL(/\/community$/);
    await expect(page.getByTestId('community-screen')).toBeVisible();
    await expect(page.getByTestId('waiting-screen')).toHaveCount(0);
    await page.goto('/feed');
    await expect(page.getByTestId('waiting-screen')).toBeVisible();
    await bar.getByTestId('nav-link-community').click();
    await expect(page.getByTestId('community-screen')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.getByTestId('nav-link-community')).toBeVisible();
    await expect(menu.getByTestId('nav-link-feed')).toHaveCount(0);
    await expect(menu.getByTestId('mobile-menu-settings')).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The admin panel tells the owner someone waits, and leads to them.
    await owner.goto('/admin');
    const notice = owner.getByTestId('admin-waiting-notice');
    await expect(notice).toHaveText('1 person is waiting for approval');
    await shootLooks(owner, SHOTS, 'admin-waiting-notice', { target: notice, axe: true });
    await notice.getByRole('link').click();
    await expect(owner).toHaveURL(/\/admin\/users\?status=waiting$/);
    await expect(owner.getByLabel('Status')).toHaveValue('waiting');
    await owner.getByTestId('admin-user-row').filter({ hasText: person.name }).click();
    await owner.getByTestId('approve-account').click();
    await expect(owner.getByText('Account approved')).toBeVisible();
    await expect(owner.getByTestId('approval-actions')).toHaveCount(0);
    await owner.goto('/admin');
    await expect(owner.getByTestId('admin-user-count')).toBeVisible();
    await expect(owner.getByTestId('admin-waiting-notice')).toHaveCount(0);

    // The waiting screen gives way by itself (the live update of their record), and the app is theirs.
    await expect(page.getByTestId('waiting-screen')).toHaveCount(0);
    await page.goto('/stories');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('waiting-screen')).toHaveCount(0);
    const mail = await waitForMail(person.email, 'Your Drabble account was approved');
    expect(mail.text).toContain('You can sign in and start writing now.');
    await page.context().close();
  } finally {
    await setMode(owner.request, 'open');
  }
  await owner.context().close();
});

test('invite links: created, listed with who joined, used from /join/CODE, revoked', async ({ browser }) => {
  const owner = await signInAsOwner(browser);
  await setMode(owner.request, 'invite');
  try {
    await owner.goto('/admin/settings');
    const create = owner.getByTestId('create-invite');
    await create.getByLabel('Uses (optional)').fill('2');
    await create.getByLabel('Expires after days (optional)').fill('7');
    await create.getByRole('button', { name: 'Create invite link' }).click();
    const row = owner.getByTestId('invite-row').first();
    await expect(row).toContainText('0 of 2 uses');
    const link = (await row.getByTestId('invite-link').textContent())!.trim();
    const code = link.split('/join/')[1]!;

    // Without the link: no form to fill in for nothing, but what to do, said once.
    const stranger = await newPage(browser);
    await stranger.goto('/login');
    await stranger.getByRole('tab', { name: 'Sign up' }).click();
    await expect(stranger.getByTestId('invite-only-notice')).toHaveText(
      'Joining is by invitation. Ask someone on this site for an invite link, then open it to create your account.',
    );
    await expect(stranger.getByTestId('sign-up-form')).toHaveCount(0);
    await expect(stranger.getByTestId('join-notice')).toHaveCount(0);
    await expect(stranger.getByText(/invit/)).toHaveCount(1);
    await shootLooks(stranger, SHOTS, 'invite-only', { target: stranger.getByTestId('invite-only-notice'), axe: true });
    // Signing in stays open to everyone who has an account.
    await stranger.getByRole('tab', { name: 'Sign in' }).click();
    await expect(stranger.getByRole('form', { name: 'Sign in' })).toBeVisible();

    // With it: the login screen opens on "Sign up" and the account is made.
    const guest = await newPage(browser);
    await guest.goto(`/join/${code}`);
    await expect(guest).toHaveURL(new RegExp(`/login\\?invite=${code}`));
    await expect(guest.getByTestId('join-notice')).toContainText("You're invited");
    const person = newPerson('invited', 'Ivy Invited');
    const form = guest.getByTestId('sign-up-form');
    await form.getByLabel('Display name (optional)').fill(person.name);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Password').fill(person.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await guest.waitForURL((url) => url.pathname !== '/login');

    await owner.reload();
    await expect(row).toContainText('1 of 2 uses');
    await expect(row.getByTestId('invite-joined')).toContainText('Ivy Invited');
    await create.getByRole('button', { name: 'Create invite link' }).click();
    await expect(owner.getByTestId('invite-row')).toHaveCount(2);
    await owner.getByTestId('invite-row').first().getByTestId('revoke-invite').click();
    await expect(owner.getByTestId('invite-row').first()).toHaveAttribute('data-state', 'revoked');
    await shootLooks(owner, SHOTS, 'site-settings', { target: owner.getByTestId('registration-settings'), axe: true });
    await shootLooks(owner, SHOTS, 'invite-list', { target: owner.getByTestId('invites'), axe: true });
    await stranger.context().close();
    await guest.context().close();
  } finally {
    await setMode(owner.request, 'open');
  }
  await owner.context().close();
});
