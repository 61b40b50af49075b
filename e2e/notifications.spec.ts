import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EMAIL_TYPE_LABELS, NOTIFICATION_TEXTS, NOTIFICATION_TYPE_LABELS } from '../common/notifications/notifications';
import { E2E } from './support/env';
import { writerInOwnContext } from './support/users';
import { skipTutorial } from './support/tutorial';
import { expectNoAxeViolations } from './support/axe';

const headers = { origin: E2E.baseUrl };
const tag = () => crypto.randomBytes(3).toString('hex');


/**
 * Publishes a public story through the API (writing it is not what these tests are about).
 * The writer's badge notifications go off first: a first story earns "First story", and these
 * tests count what readers cause.
 */
async function publish(page: Page, title: string): Promise<string> {
  const quiet = await page.request.patch('/api/me/notification-prefs', { data: { types: { badge: { on: false } } }, headers });
  expect(quiet.status(), await quiet.text()).toBe(200);
  const res = await page.request.post('/api/stories', { data: { title, content: `${title}. The ferry left without its captain.`, public: true }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

async function comment(page: Page, storyId: string, text: string) {
  const res = await page.request.post(`/api/stories/${storyId}/comments`, { data: { text }, headers });
  expect(res.status(), await res.text()).toBe(201);
}

async function react(page: Page, storyId: string) {
  const res = await page.request.put(`/api/stories/${storyId}/reactions/heart`, { headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('user-notification-bell');
const badge = (page: Page) => bell(page).getByTestId('user-notification-count');
const panel = (page: Page) => page.getByTestId('user-notification-panel');
const rows = (page: Page) => panel(page).getByTestId('user-notification');


async function openBell(page: Page) {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: NOTIFICATION_TEXTS.bell })).toBeVisible();
}

test('a comment appears live on the bell and in the tab title, and its row opens the story', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  const title = `The Night Ferry ${tag()}`;
  const storyId = await publish(ada.page, title);

  await ada.page.goto('/');
  await expect(bell(ada.page)).toHaveAccessibleName(NOTIFICATION_TEXTS.bell);
  await expect(badge(ada.page)).toHaveCount(0);

  await comment(ben.page, storyId, 'The captain was the ferry all along.');

  // No reload: the count arrives through the live stream.
  await expect(badge(ada.page)).toHaveText('1');
  await expect(bell(ada.page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(ada.page).toHaveTitle(/^\(1\) /);

  await openBell(ada.page);
  const row = rows(ada.page).filter({ hasText: `${ben.name} commented on ${title}` });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.locator('em')).toHaveText(title);
  await expectNoAxeViolations(ada.page);

  await row.getByRole('link').first().click();
  await expect(ada.page).toHaveURL(new RegExp(`/story/${storyId}$`));
  await expect(ada.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(badge(ada.page)).toHaveCount(0);
  await expect(ada.page).not.toHaveTitle(/^\(\d+\+?\) /);
});

test('reactions from three people on one story are one row naming them all', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const title = `Salt Letters ${tag()}`;
  const storyId = await publish(ada.page, title);
  const readers = [await writerInOwnContext(browser, 'Xena'), await writerInOwnContext(browser, 'Yuri'), await writerInOwnContext(browser, 'Zoe')];
  // One after another: the row names them in the order they joined.
  for (const reader of readers) await react(reader.page, storyId);

  await ada.page.goto('/');
  await expect(badge(ada.page)).toHaveText('1');
  await openBell(ada.page);
  await expect(rows(ada.page)).toHaveCount(1);
  const [x, y, z] = readers.map((r) => r.name);
  await expect(rows(ada.page).getByTestId('notification-sentence')).toHaveText(`${x}, ${y} and ${z} reacted to ${title}`);
  await expect(rows(ada.page).locator('em')).toHaveText(title);
  await expect(rows(ada.page).getByRole('button', { name: /^Show all/ })).toHaveCount(0);

  // Ada reads it; a fourth person joining makes the same row unread again, and it expands to everyone.
  await rows(ada.page).getByRole('link').first().click();
  await expect(badge(ada.page)).toHaveCount(0);
  // Back home: while her story is open she is looking at it, and nothing would notify her.
  await ada.page.getByRole('link', { name: 'Drabble', exact: true }).click();
  await expect(ada.page).toHaveURL(/\/$/);
  const fourth = await writerInOwnContext(browser, 'Wes');
  await react(fourth.page, storyId);
  await expect(badge(ada.page)).toHaveText('1');
  await openBell(ada.page);
  await expect(rows(ada.page)).toHaveCount(1);
  await expect(rows(ada.page).getByTestId('notification-sentence')).toHaveText(`${x}, ${y}, ${z} and 1 other reacted to ${title}`);
  await expect(rows(ada.page)).toHaveAttribute('data-read', 'false');
  await rows(ada.page).getByRole('button', { name: 'Show all 4' }).click();
  await expect(rows(ada.page).getByTestId('notification-actors').getByRole('listitem')).toHaveText([...readers, fourth].map((r) => new RegExp(r.name)));
});

test('"Mark all as read" clears the badge in the writer\'s other tab too', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  const storyId = await publish(ada.page, `Two Tabs ${tag()}`);
  await comment(ben.page, storyId, 'First!');
  await comment(ben.page, storyId, 'Second thought.');

  const other = await ada.page.context().newPage();
  await ada.page.goto('/');
  await other.goto('/stories');
  await expect(badge(ada.page)).toHaveText('2');
  await expect(badge(other)).toHaveText('2');
  await expect(other).toHaveTitle(/^\(2\) /);

  // Back to the first tab (a tab behind another gets no animation frames: each click there
  // waited about a second for its target to be "stable").
  await ada.page.bringToFront();
  await openBell(ada.page);
  await expect(rows(ada.page)).toHaveCount(2);
  await panel(ada.page).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }).click();
  await expect(badge(ada.page)).toHaveCount(0);
  await expect(rows(ada.page).first()).toHaveAttribute('data-read', 'true');

  // The other tab hears of it through the live stream, no reload.
  await expect(badge(other)).toHaveCount(0);
  await expect(other).not.toHaveTitle(/^\(\d+\+?\) /);
});

test('switching reactions off in /settings stops reaction notifications; comments still arrive', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  const title = `Quiet Harbour ${tag()}`;
  const storyId = await publish(ada.page, title);

  await ada.page.goto('/settings');
  const section = ada.page.getByRole('region', { name: 'Notifications' });
  const reactions = section.getByRole('switch', { name: NOTIFICATION_TYPE_LABELS.reaction, exact: true });
  await expect(reactions).toHaveAttribute('aria-checked', 'true');
  await reactions.click();
  await expect(ada.page.getByTestId('toast').filter({ hasText: 'Notification settings saved' })).toBeVisible();
  await expect(reactions).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(ada.page);
  // Saved on the server: still off after a reload.
  await ada.page.reload();
  await expect(section.getByRole('switch', { name: NOTIFICATION_TYPE_LABELS.reaction, exact: true })).toHaveAttribute('aria-checked', 'false');

  await react(ben.page, storyId);
  // A comment afterwards does notify: once it is there, the reaction had its chance and made no row.
  await comment(ben.page, storyId, 'Quietly lovely.');
  await expect(badge(ada.page)).toHaveText('1');
  await openBell(ada.page);
  await expect(rows(ada.page)).toHaveCount(1);
  await expect(rows(ada.page)).toHaveText(new RegExp(`${ben.name} commented on ${title}`));
});

/**
 * The link an email would carry, signed as server/features/notifications/unsubscribe.ts signs
 * it, with the test server's own secret (generated in its data directory): waiting out the
 * email delay is the API tests' job.
 */
function unsubscribeLink(uid: string, type: 'comment' | 'message' | 'feature_request_response'): string {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
  const key = crypto.createHmac('sha256', secret).update('drabble:notification-unsubscribe').digest();
  const payload = Buffer.from(JSON.stringify({ u: uid, t: type }), 'utf8').toString('base64url');
  return `/unsubscribe?token=${payload}.${crypto.createHmac('sha256', key).update(payload).digest('base64url')}`;
}

async function emailPrefs(page: Page): Promise<Record<string, boolean>> {
  const res = await page.request.get('/api/me/notification-prefs');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { email: Record<string, boolean> }).email;
}

test('the emailed unsubscribe link works signed out with one click, and a forged one says so', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const me = await ada.page.request.get('/api/me');
  const uid = ((await me.json()) as { user: { uid: string } }).user.uid;
  expect((await emailPrefs(ada.page)).comment).toBe(true);

  const guest = await (await browser.newContext()).newPage();
  await skipTutorial(guest);
  await guest.goto(unsubscribeLink(uid, 'comment'));
  await expect(guest.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  // Opening the link changes nothing (mail scanners open links): the button does.
  expect((await emailPrefs(ada.page)).comment).toBe(true);
  await guest.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(guest.getByRole('main').getByRole('status')).toHaveText(NOTIFICATION_TEXTS.unsubscribed(EMAIL_TYPE_LABELS.comment));
  await expect(guest.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  expect(await emailPrefs(ada.page)).toEqual({ comment: false, message: true, feature_request_response: false, streak_reminder: false });

  await guest.goto(`/unsubscribe?token=${'x'.repeat(20)}.forged`);
  await guest.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(guest.getByRole('main').getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
  await guest.goto('/unsubscribe');
  await expect(guest.getByRole('main').getByRole('alert')).toHaveText('The unsubscribe link is incomplete.');
  await expect(guest.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});
