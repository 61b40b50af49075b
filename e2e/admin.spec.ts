import fs from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Browser, type Page } from './support/test';
import { ADMIN_TEXTS } from '../common/admin/admin';
import { signInAsAdmin } from './support/admin';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi, type TestPerson } from './support/users';
import { expectNoAxeViolations } from './support/axe';

/*
 * The admin panel: dashboard, notification bell, audit log. The e2e database is shared with
 * other spec files running at the same time, so these tests compare before and after, or
 * look for their own unique data, never at global totals.
 */

const headers = { origin: E2E.baseUrl };
const SHOTS = '/tmp/shots-admin';

/** A writer in a browser of their own (signed up through the API). */
async function writerIn(browser: Browser, prefix = 'adminspec'): Promise<{ page: Page; person: TestPerson; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  const person = await signUpThroughApi(page, newPerson(prefix, 'Panel Tester'));
  return { page, person, close: () => context.close() };
}

async function suggest(writer: Page, text: string): Promise<string> {
  const res = await writer.request.post('/api/feature-requests', { data: { text }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { featureRequest: { id: string } }).featureRequest.id;
}

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Admin notifications, \d+ unread$/ });

async function unreadOnBell(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? NaN);
}

/** Whether the server has the notification of this suggestion as read. */
async function storedRead(page: Page, suggestion: string): Promise<boolean | undefined> {
  const body = (await (await page.request.get('/api/admin/notifications')).json()) as { notifications: Array<{ message: string; read: boolean }> };
  return body.notifications.find((n) => n.message === suggestion.slice(0, 80))?.read;
}

async function metricValue(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`metric-${key}`).getByTestId('metric-value').textContent()) ?? '';
  return Number(text.replace(/[^0-9.]/g, ''));
}

test('the dashboard shows this period against the last, switches range and draws the daily chart', async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.goto('/admin?days=7');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-user-count')).toHaveText(/^\d+$/);
  const range = page.getByRole('group', { name: 'Range' });
  await expect(range.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Sign-ups', 'Active writers', 'Stories published', 'Comments', 'Open feature requests', 'Median time to first response']) {
    await expect(page.getByRole('heading', { name: label, level: 3 })).toBeVisible();
  }
  const signupsBefore = await metricValue(page, 'signups');

  // Two more writers sign up: the week's count includes them once the dashboard is read again.
  const first = await writerIn(browser);
  const second = await writerIn(browser);
  await page.reload();
  await expect.poll(() => metricValue(page, 'signups')).toBeGreaterThanOrEqual(signupsBefore + 2);
  await expect(page.getByTestId('metric-signups').getByTestId('metric-previous')).toHaveText(/^\d+$/);

  // The chart is SVG, one line per daily series.
  const chart = page.getByTestId('dashboard-chart');
  const surface = chart.locator('svg.recharts-surface[role="application"]');
  await expect(surface).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(4);
  await expect(chart.getByText('Sign-ups', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard');

  const week = await metricValue(page, 'signups');
  await range.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\/admin\?days=90$/);
  await expect(range.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('dashboard-period')).toContainText('compared with the 90 days before');
  await expect.poll(() => metricValue(page, 'signups')).toBeGreaterThanOrEqual(week);
  await expect(surface).toBeVisible();

  // Open reports, in all and per kind: one more once a writer reports a story.
  const openTotal = async () => Number(((await page.getByTestId('open-reports-total').textContent()) ?? '').replace(/[^0-9]/g, ''));
  const openStories = async () => Number(((await page.getByTestId('open-reports-story').textContent()) ?? '').replace(/[^0-9]/g, ''));
  await expect(page.getByTestId('open-reports-total')).toHaveText(/^\d[\d,]*$/);
  const [totalBefore, storiesBefore] = [await openTotal(), await openStories()];
  const story = await first.page.request.post('/api/stories', { data: { title: 'Dashboard report', content: 'Reported for the dashboard test.', public: true }, headers });
  expect(story.status()).toBe(201);
  const storyId = ((await story.json()) as { story: { id: string } }).story.id;
  expect((await second.page.request.post('/api/reports', { data: { targetType: 'story', targetId: storyId, category: 'spam' }, headers })).status()).toBe(201);
  await expect.poll(openTotal).toBeGreaterThanOrEqual(totalBefore + 1);
  await expect.poll(openStories).toBeGreaterThanOrEqual(storiesBefore + 1);
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /Reports · \d+ open/ })).toBeVisible();

  // The panel links to the three admin screens.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  for (const name of ['Feature Requests', 'Greetings', 'Audit log']) await expect(sections.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await sections.getByRole('link', { name: /Audit log/ }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  await first.close();
  await second.close();
});

test('the admin panel, with its open reports and chart, in light and dark at 1280 and 375 px, passes axe', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('open-reports-total')).toBeVisible();
  await expect(page.getByTestId('dashboard-chart').locator('svg.recharts-surface[role="application"]')).toBeVisible();
  await shootLooks(page, SHOTS, 'admin-panel', { target: page.getByTestId('admin-panel'), axe: true });
});

test('the bell counts a new suggestion live, opens it and marks it read, and marks all read', async ({ page, browser }) => {
  const writer = await writerIn(browser, 'bell');
  expect((await writer.page.request.get('/api/admin/notifications')).status()).toBe(403);
  await writer.page.goto('/');
  await expect(writer.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community', exact: true })).toBeVisible();
  await expect(bell(writer.page)).toHaveCount(0);

  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(bell(page)).toBeVisible();
  // The owner's two bells do not look alike: the admins' is an inbox marked "Admin".
  await expect(bell(page)).toContainText('Admin');
  await expect(page.getByTestId('user-notification-bell')).not.toContainText('Admin');
  await expect(page.getByTestId('user-notification-bell')).toHaveAccessibleName(/^Notifications/);
  // The live stream is open once the page has settled; a marker shows later that it never reloaded.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  const before = await unreadOnBell(page);

  const idea = `Bell test: a reading list shared with friends ${Date.now()}`;
  await suggest(writer.page, idea);
  await expect.poll(() => unreadOnBell(page)).toBeGreaterThan(before);
  await expect(page.getByTestId('notification-count')).toBeVisible();
  // For a person to look at: the two bells side by side, the admins' with its count.
  await shootLooks(page, SHOTS, 'bells', { target: page.locator('header') });
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByTestId('notification-item').filter({ hasText: idea });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('just now');
  await expectNoAxeViolations(page, 'the open notification panel');
  await item.click();
  await expect(page).toHaveURL(/\/admin\/feature-requests$/);
  await expect(panel).toHaveCount(0);
  await expect.poll(() => storedRead(page, idea)).toBe(true);

  await bell(page).click();
  await expect(panel.getByTestId('notification-item').filter({ hasText: idea })).toHaveAttribute('data-read', 'true');
  await page.keyboard.press('Escape');

  // Another suggestion, then "Mark all read" in the panel.
  const second = `Bell test: a second idea, marked with the rest ${Date.now()}`;
  await suggest(writer.page, second);
  await bell(page).click();
  const secondItem = panel.getByTestId('notification-item').filter({ hasText: second });
  await expect(secondItem).toHaveAttribute('data-read', 'false');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(secondItem).toHaveAttribute('data-read', 'true');
  expect(await storedRead(page, second)).toBe(true);

  await writer.close();
});

test('the audit log filters to an entry, keeps the text redacted, pages, and exports a CSV', async ({ page, browser }) => {
  const writer = await writerIn(browser, 'audit');
  const secret = `Audit test: a private idea that must never show in logs ${Date.now()}`;
  const requestId = await suggest(writer.page, secret);

  await signInAsAdmin(page);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Audit log filters' });

  // A range that ends before it starts is explained, not sent.
  await filters.getByLabel('From').fill('2030-01-02');
  await filters.getByLabel('To').fill('2030-01-01');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByRole('alert')).toHaveText('The start date must not be after the end date.');
  await filters.getByRole('button', { name: 'Clear' }).click();

  // It says what it keeps, and the exception it makes.
  await expect(page.getByTestId('audit-promise')).toHaveText(ADMIN_TEXTS.auditPromise);
  await filters.getByLabel('Source').selectOption('system');
  // Type is a list of the types the log holds.
  await expect(filters.getByLabel('Type').getByRole('option', { name: 'feature_request', exact: true })).toHaveCount(1);
  await filters.getByLabel('Type').selectOption('feature_request');
  await filters.getByLabel('User').fill(writer.person.email.toUpperCase());
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/source=system/);
  await expect(page).toHaveURL(/type=feature_request/);

  const entries = page.getByTestId('audit-entry').locator('visible=true');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`featureRequests/${requestId}`);
  // Details in words, people's words still only their length.
  await expect(entries.first().getByTestId('audit-details')).toContainText(`text: [redacted: ${secret.length} chars]`);
  await expect(entries.first()).toContainText(writer.person.email);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the audit log');

  await shootLooks(page, SHOTS, 'audit-log', { target: page.getByTestId('audit-screen'), axe: true });

  // The filters survive a reload: they are in the address.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Audit log filters' }).getByLabel('Type')).toHaveValue('feature_request');
  await expect(entries).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^drabble-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync(await download.path(), 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.data).toHaveLength(1);
  expect(csv.data[0]).toMatchObject({ source: 'system', type: 'feature_request', target: `featureRequests/${requestId}`, userEmail: writer.person.email });
  expect(JSON.stringify(csv.data)).not.toContain(secret);

  // 60 error reports of a type of its own: the list shows 50, "Load more" the other 10, none twice.
  const type = `audit_paging_${Date.now()}`;
  for (let i = 0; i < 60; i++) {
    const res = await writer.page.request.post('/api/logs', { data: { type, level: 'error', message: `report ${i}` }, headers });
    expect(res.status()).toBe(204);
  }
  await page.goto(`/admin/audit?type=${type}`);
  await expect(entries).toHaveCount(50);
  await page.getByTestId('audit-load-more').click();
  await expect(entries).toHaveCount(60);
  await expect(page.getByTestId('audit-load-more')).toHaveCount(0);
  const messages = await entries.evaluateAll((rows) => rows.map((row) => /report \d+/.exec(row.textContent ?? '')?.[0]));
  expect(new Set(messages).size).toBe(60);
  expect(messages[0]).toBe('report 59');

  await writer.close();
});
