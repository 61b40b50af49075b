import crypto from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CASE_ACTION_LABELS, REPORT_TEXTS, USER_STATUS_LABELS } from '../common/moderation';
import { signInAsAdmin } from './support/admin';
import { E2E } from './support/env';
import { writerInOwnContext } from './support/users';

const headers = { origin: E2E.baseUrl };
const tag = () => crypto.randomBytes(3).toString('hex');
const SHOTS = '/tmp/shots-moderation';

async function publish(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/stories', { data: { title, content: `${title}. The lighthouse kept its own hours.`, public: true }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

async function comment(page: Page, storyId: string, text: string): Promise<string> {
  const res = await page.request.post(`/api/stories/${storyId}/comments`, { data: { text }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { comment: { id: string } }).comment.id;
}

async function report(page: Page, targetType: string, targetId: string, category: string, note: string) {
  const res = await page.request.post('/api/reports', { data: { targetType, targetId, category, note }, headers });
  expect(res.status(), await res.text()).toBe(201);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations).toEqual([]);
}

/** Light, dark, and a phone in dark: what the admin sees. */
async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SHOTS}/${name}-phone-light.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function applyAction(page: Page, action: 'remove' | 'warn', reason: string) {
  const detail = page.getByTestId('case-detail');
  await detail.getByRole('button', { name: CASE_ACTION_LABELS[action], exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // A reason is required: the dialog says so and stays open.
  await dialog.getByTestId('reason-submit').click();
  await expect(dialog.getByRole('alert')).toHaveText(REPORT_TEXTS.reasonRequired);
  await dialog.getByLabel(/Reason/).fill(reason);
  if (action === 'remove') {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/reason-dialog-light.png` });
    await expectNoAxeViolations(page);
  }
  await dialog.getByTestId('reason-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId('case-action-history').getByTestId('moderation-action').filter({ hasText: reason })).toHaveCount(1);
}

test('an admin removes a reported comment, warns its writer and resolves the report; the reporter hears of it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const writer = await writerInOwnContext(browser, 'Wren');
  const commenter = await writerInOwnContext(browser, 'Troll');
  const reporter = await writerInOwnContext(browser, 'Rhea');
  const title = `The Lighthouse ${tag()}`;
  const storyId = await publish(writer.page, title);
  const abuse = `Nobody wants to read this garbage, ${tag()}. Quit writing.`;
  const commentId = await comment(commenter.page, storyId, abuse);
  await report(reporter.page, 'comment', commentId, 'harassment', 'Insulting the writer.');

  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /Reports/ }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const row = page.getByTestId('case-row').filter({ hasText: abuse });
  await expect(row).toBeVisible();
  await expect(row).toContainText(commenter.name);
  await expect(row.getByTestId('category-chip')).toHaveText('Harassment');

  await test.step('the item opens beside the list with the snapshot and the report', async () => {
    await row.getByTestId('case-open').click();
    const detail = page.getByTestId('case-detail');
    await expect(detail.getByTestId('snapshot-text')).toHaveText(abuse);
    await expect(detail.getByTestId('comment-story-link')).toHaveText(title);
    await expect(detail.getByTestId('case-report')).toContainText('Insulting the writer.');
    await expect(detail.getByTestId('case-report')).toContainText(reporter.name);
    await expectNoAxeViolations(page);
    await screenshots(page, 'reports');
  });

  await test.step('two actions, each with a reason, then Resolve', async () => {
    await applyAction(page, 'remove', 'Harassment of the writer.');
    await expect(page.getByTestId('current-state')).toHaveText('Removed');
    await applyAction(page, 'warn', 'Keep comments about the story, not the person.');
    await page.getByTestId('case-detail').getByTestId('resolve-case').click();
    await expect(page.getByTestId('case-detail').getByTestId('case-actions')).toHaveCount(0);
    await expect(page.getByTestId('case-list').getByTestId('case-row').filter({ hasText: abuse })).toHaveCount(0);
  });

  await test.step('the resolved tab has it; the comment is gone from the story', async () => {
    await page.getByTestId('case-status-tabs').getByRole('button', { name: 'Resolved' }).click();
    await expect(page.getByTestId('case-row').filter({ hasText: abuse })).toContainText('action taken');
    await writer.page.goto(`/story/${storyId}`);
    await expect(writer.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(writer.page.getByText(abuse)).toHaveCount(0);
  });

  await test.step('the reporter is told, without the sanction', async () => {
    await expect
      .poll(async () => JSON.stringify(await (await reporter.page.request.get('/api/notifications')).json()))
      .toContain(REPORT_TEXTS.tookAction);
  });

  await test.step('the users list finds the commenter, now warned', async () => {
    await page.goto('/admin/users');
    await page.getByTestId('admin-user-search').fill(commenter.name);
    const userRow = page.getByTestId('admin-user-row').filter({ hasText: commenter.name });
    await expect(userRow).toHaveCount(1);
    await expect(userRow.getByTestId('user-status')).toHaveText(USER_STATUS_LABELS.warned);
    await page.getByTestId('admin-user-status').selectOption('warned');
    await expect(userRow).toHaveCount(1);
    await expectNoAxeViolations(page);
    await screenshots(page, 'users');
    await userRow.click();
    await expect(page.getByRole('heading', { name: commenter.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('user-warning')).toContainText('Keep comments about the story, not the person.');
    await expect(page.getByTestId('reports-received').getByRole('link')).toHaveCount(1);
    await expect(page.getByTestId('account-history').getByTestId('moderation-action').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'user');
  });

  for (const p of [writer.page, commenter.page, reporter.page]) await p.context().close();
});

test('an account action needs a reason and can resolve the reports; a stale case says someone already handled it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const writer = await writerInOwnContext(browser, 'Wes');
  const spammer = await writerInOwnContext(browser, 'Spam');
  const reporter = await writerInOwnContext(browser, 'Rae');
  const storyId = await publish(writer.page, `The Harbour ${tag()}`);
  const text = `Buy cheap followers ${tag()}`;
  const commentId = await comment(spammer.page, storyId, text);
  await report(reporter.page, 'comment', commentId, 'spam', '');

  await signInAsAdmin(page);
  // This tab hears no live events, so it still shows the case as it was when the other admin
  // acts (live, it would refetch within a moment; the race remains for clicks in that moment).
  await page.route('**/api/events**', (route) => route.abort());
  await page.goto('/admin/reports');
  await page.getByTestId('case-row').filter({ hasText: text }).getByTestId('case-open').click();
  await expect(page.getByTestId('case-detail').getByTestId('snapshot-text')).toHaveText(text);

  await test.step('another admin (the same one, elsewhere) resolves it first', async () => {
    const caseId = new URL(page.url()).searchParams.get('case') ?? '';
    const current = (await (await page.request.get(`/api/admin/reports/${caseId}`)).json()) as { version: number };
    const res = await page.request.post(`/api/admin/reports/${caseId}/resolve`, { data: { version: current.version }, headers });
    expect(res.status(), await res.text()).toBe(200);
    await page.getByTestId('case-detail').getByTestId('resolve-case').click();
    await expect(page.getByText(REPORT_TEXTS.alreadyHandled)).toBeVisible();
    // Refetched: the case now shows as resolved, with nothing left to do.
    await expect(page.getByTestId('case-detail').getByTestId('case-actions')).toHaveCount(0);
  });

  await test.step('two reports resolved together', async () => {
    const texts = [`Cheap pens ${tag()}`, `Cheap ink ${tag()}`];
    for (const t of texts) await report(reporter.page, 'comment', await comment(spammer.page, storyId, t), 'spam', '');
    await page.goto('/admin/reports');
    for (const t of texts) await page.getByTestId('case-row').filter({ hasText: t }).getByRole('checkbox').check();
    await expect(page.getByRole('region', { name: 'Selected reports' })).toContainText('2 reports selected');
    await page.getByTestId('resolve-selected').click();
    await expect(page.getByText('Resolved 2 reports.')).toBeVisible();
    for (const t of texts) await expect(page.getByTestId('case-row').filter({ hasText: t })).toHaveCount(0);
  });

  await test.step('limit from the user page, resolving every open report', async () => {
    await report(reporter.page, 'comment', await comment(spammer.page, storyId, `More spam ${tag()}`), 'spam', '');
    await page.goto(`/admin/users/${spammer.uid}`);
    await expect(page.getByTestId('user-status')).toHaveText(USER_STATUS_LABELS.active);
    await page.getByTestId('account-action-limit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('resolve-reports').check();
    await dialog.getByLabel(/Reason/).fill('Posting advertising in comments.');
    await dialog.getByTestId('reason-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('user-status')).toHaveText(USER_STATUS_LABELS.limited);
    await expect(page.getByTestId('account-action-unlimit')).toBeVisible();
    await expect(page.getByTestId('reports-received').getByText('Open', { exact: true })).toHaveCount(0);
  });

  for (const p of [writer.page, spammer.page, reporter.page]) await p.context().close();
});
