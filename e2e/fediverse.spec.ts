import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { FEDERATION_TEXTS } from '../common/federation/federation';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';
import { signInAsAdmin } from './support/admin';
import { E2E, pickFreePort } from './support/env';

// The fediverse: a reader here follows a writer on another Drabble (a second server, started for
// real from the same build) by their address, and the writer's new story reaches the reader's feed.
const SHOTS = 'e2e/screenshots/fediverse';

let other: { url: string; process: ChildProcess; dataDir: string };

test.beforeAll(async () => {
  const port = pickFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-e2e-other-'));
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'warn', SIGNUP_RATE_LIMIT: '1000' },
    stdio: 'ignore',
  });
  other = { url: `http://localhost:${port}`, process: child, dataDir };
  await expect
    .poll(async () => (await fetch(`${other.url}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  other.process.kill();
  fs.rmSync(other.dataDir, { recursive: true, force: true });
});

/** Someone on the other server, signed in there through its API (cookies kept by hand). */
async function personOnOtherServer(name: string) {
  const email = `far.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const headers = { origin: other.url, 'content-type': 'application/json' };
  const signUp = await fetch(`${other.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'far away 12345', name }) });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${other.url}${path}`, { method, headers: { ...headers, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  };
  const { address } = (await call<{ address: string }>('GET', '/api/federation/settings')).body;
  return {
    address,
    call,
    /** A public story; answers its id there. */
    post: async (title: string, content: string) => {
      const res = await call<{ story: { id: string } }>('POST', '/api/stories', { title, content, public: true });
      expect(res.status).toBe(201);
      return res.body.story.id;
    },
  };
}

test('a reader follows a writer on another server by their address, and the writer’s new story reaches the feed', async ({ page }) => {
  // Two servers and the queue between them: three times the usual bound against a hang.
  test.slow();
  const writer = await personOnOtherServer(`Faraway ${crypto.randomBytes(2).toString('hex')}`);
  await signUpThroughApi(page, newPerson('fedi', 'Fedi Reader'));

  await page.goto('/settings#fediverse');
  const section = page.getByTestId('settings-fediverse');
  await expect(section.getByTestId('fediverse-address')).toHaveText(/^@fedi_reader\d*@localhost:\d+$/);
  await expect(section.getByTestId('fediverse-share')).toBeVisible();

  await test.step('a mistyped address is refused beside the field, before anything is sent', async () => {
    await section.getByTestId('remote-follow-input').fill('not an address');
    await section.getByTestId('remote-follow-submit').click();
    await expect(section.getByRole('alert')).toHaveText(FEDERATION_TEXTS.badHandle);
  });

  await section.getByTestId('remote-follow-input').fill(writer.address);
  // The lookup crosses to the other server (WebFinger, then its actor): its answer, not a clock, is awaited.
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/federation/following'), { timeout: 60_000 });
  await section.getByTestId('remote-follow-submit').click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const following = section.getByTestId('remote-following').getByTestId('remote-account');
  await expect(following).toHaveCount(1);
  await expect(following).toContainText(writer.address);
  await expect(following).toContainText(FEDERATION_TEXTS.pending);
  // Accepted by their server: no longer waiting (the list is read afresh on a reload).
  await expect(async () => {
    await page.reload();
    const row = page.getByTestId('settings-fediverse').getByTestId('remote-following').getByTestId('remote-account');
    await expect(row).toContainText(writer.address, { timeout: 5_000 });
    await expect(row).not.toContainText(FEDERATION_TEXTS.pending, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shootLooks(page, SHOTS, 'settings', { target: page.getByTestId('settings-fediverse'), scroll: true, axe: true });

  const storyThere = await writer.post('The ferry at dawn', 'Nobody boarded. The gulls did not mind.');
  await page.goto('/feed');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('remote-story')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const story = page.getByTestId('remote-story');
  await expect(story).toContainText('The ferry at dawn');
  await expect(story).toContainText('Nobody boarded.');
  await expect(story).toContainText(writer.address);
  await shootLooks(page, SHOTS, 'feed', { target: page.getByTestId('remote-stories'), scroll: true, axe: true });

  await test.step('the reader answers it, and the reply reaches the story on the writer’s server', async () => {
    await story.getByTestId('remote-reply').click();
    await story.getByTestId('remote-reply-input').fill('The gulls always know.');
    await story.getByTestId('send-remote-reply').click();
    await expect(story.getByTestId('my-remote-replies')).toContainText('The gulls always know.');
    await shootLooks(page, SHOTS, 'feed-replied', { target: story, scroll: true, axe: true });
    const { address: readerAddress } = (await (await page.request.get('/api/federation/settings')).json()) as { address: string };
    await expect
      .poll(async () => (await writer.call<{ comments: { text: string; fediverse: { handle: string } | null }[] }>('GET', `/api/stories/${storyThere}/comments`)).body.comments, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ text: 'The gulls always know.', fediverse: expect.objectContaining({ handle: readerAddress }) })]);
  });
});

test('a reply from another server appears under the story with its handle; a held one waits for the writer’s approval', async ({ page }) => {
  test.slow();
  await signUpThroughApi(page, newPerson('harbour', 'Harbour Writer'));
  const { address: writerAddress } = (await (await page.request.get('/api/federation/settings')).json()) as { address: string };
  const reader = await personOnOtherServer(`Distant ${crypto.randomBytes(2).toString('hex')}`);
  expect((await reader.call('POST', '/api/federation/following', { handle: writerAddress })).status).toBe(200);
  await expect
    .poll(async () => (await reader.call<{ following: { state: string }[] }>('GET', '/api/federation/following')).body.following[0]?.state, { timeout: 30_000 })
    .toBe('accepted');

  const created = await page.request.post('/api/stories', { data: { title: 'Harbour lights', content: 'The lights went out one by one.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(created.status()).toBe(201);
  const { story } = (await created.json()) as { story: { id: string } };
  const postThere = async () => {
    let id = '';
    await expect
      .poll(async () => {
        const list = (await reader.call<{ stories: { id: string; url: string | null }[] }>('GET', '/api/federation/stories')).body.stories;
        id = list.find((s) => s.url?.endsWith(story.id))?.id ?? '';
        return id;
      }, { timeout: 30_000 })
      .not.toBe('');
    return id;
  };
  const inReplyTo = await postThere();
  expect((await reader.call('POST', '/api/federation/replies', { inReplyTo, text: 'The harbour master saw it too.' })).status).toBe(201);

  await page.goto(`/story/${story.id}`);
  const comments = page.getByTestId('comments');
  await expect(async () => {
    await page.reload();
    await expect(comments.getByTestId('comment')).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const reply = comments.getByTestId('comment');
  await expect(reply.getByTestId('comment-text')).toHaveText('The harbour master saw it too.');
  await expect(reply.getByTestId('comment-handle')).toHaveText(reader.address);
  await expect(reply).toContainText('from the fediverse');
  await expect(comments.getByRole('heading', { name: /Comments/ })).toContainText('(1)');
  await shootLooks(page, SHOTS, 'reply', { target: comments, scroll: true, axe: true });

  await test.step('with replies held, the next one waits for the writer, who approves it', async () => {
    await page.goto('/settings#fediverse');
    await page.getByTestId('fediverse-replies-hold').check();
    await expect(page.getByTestId('fediverse-replies-hold')).toBeChecked();
    expect((await reader.call('POST', '/api/federation/replies', { inReplyTo, text: 'Held until you say so.' })).status).toBe(201);
    await page.goto(`/story/${story.id}`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('held-reply')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(comments.getByRole('heading', { name: /Comments/ })).toContainText('(1)');
    await shootLooks(page, SHOTS, 'held', { target: comments, scroll: true, axe: true });
    await page.getByTestId('approve-reply').click();
    await expect(page.getByTestId('held-reply')).toHaveCount(0);
    await expect(comments.getByRole('heading', { name: /Comments/ })).toContainText('(2)');
  });

  await test.step('the writer blocks the account: its replies go, and Settings lists it until unblocked', async () => {
    await comments.getByRole('button', { name: `Block ${reader.address}` }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
    await expect(comments.getByTestId('comment')).toHaveCount(0);
    await expect(comments.getByRole('heading', { name: /Comments/ })).toContainText('(0)');
    await page.goto('/settings#fediverse');
    const blocked = page.getByTestId('remote-blocks').getByTestId('remote-account');
    await expect(blocked).toContainText(reader.address);
    await expect(page.getByTestId('remote-followers')).toHaveCount(0);
    await shootLooks(page, SHOTS, 'blocked', { target: page.getByTestId('settings-fediverse'), scroll: true, axe: true });
    await blocked.getByRole('button', { name: FEDERATION_TEXTS.unblock }).click();
    await expect(page.getByTestId('remote-blocks')).toHaveCount(0);
  });
});

test('an admin blocks another server at /admin/federation, sees it listed with the health of deliveries, and lifts it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Federation/ }).click();
  await expect(page).toHaveURL(/\/admin\/federation$/);
  await expect(page.getByTestId('federation-health')).toContainText('Followers elsewhere');

  const form = page.getByTestId('domain-form');
  await form.getByLabel('Domain').fill('not a domain');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toBeVisible();

  const domain = `spam-${crypto.randomBytes(3).toString('hex')}.example`;
  await form.getByLabel('Domain').fill(domain.toUpperCase());
  await form.getByRole('button', { name: 'Save' }).click();
  const rule = page.getByTestId('domain-rules').getByRole('listitem').filter({ hasText: domain });
  await expect(rule).toContainText('Blocked since');
  await shootLooks(page, SHOTS, 'admin', { axe: true, target: page.getByTestId('admin-federation') });

  await rule.getByRole('button', { name: 'Lift' }).click();
  await expect(rule).toHaveCount(0);

  await test.step('the admin reports an account on the other server to its moderators', async () => {
    const spammer = await personOnOtherServer(`Spammer ${crypto.randomBytes(2).toString('hex')}`);
    const report = page.getByTestId('report-account-form');
    await report.getByLabel(FEDERATION_TEXTS.reportAccountLabel).fill(spammer.address);
    await report.getByLabel(FEDERATION_TEXTS.reportReasonLabel).fill('Posts the same advertisement under every story.');
    await report.getByRole('button', { name: FEDERATION_TEXTS.reportSubmit }).click();
    await expect(report.getByTestId('report-account-sent')).toContainText(`Report about ${spammer.address}`);
    await shootLooks(page, SHOTS, 'admin-report', { target: report, scroll: true, axe: true });
  });
});
