import crypto from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { FEATURE_REQUEST_TEXTS, SUGGESTION_THANKS } from '../common/feature-requests/feature-requests';
import { signInAsAdmin } from './support/admin';
import { queryE2eDatabase } from './support/db';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';

/** A browser context of its own, so the writer and the admin are two people side by side. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function openSuggestions(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Suggest a Feature' }).click();
  const popover = page.getByRole('dialog', { name: 'Feature suggestion' });
  await expect(popover.getByPlaceholder('Describe your feature idea...')).toBeVisible();
  return popover;
}

/** The admin, signed in in a browser of their own, at /admin/feature-requests: the card of `idea`, the filters, the heading. */
async function adminAtFeatureRequests(browser: Browser, idea: string) {
  const admin = await freshPage(browser);
  await signInAsAdmin(admin);
  await admin.goto('/admin/feature-requests');
  return {
    admin,
    card: admin.getByTestId('feature-request').filter({ hasText: idea }),
    filters: admin.getByRole('group', { name: 'Filter by status' }),
    heading: admin.getByRole('heading', { level: 1 }),
  };
}

/** The filter button's own count, which the heading repeats for the chosen filter. */
async function filterCount(filter: Locator): Promise<number> {
  const match = /(\d+)$/.exec((await filter.innerText()).trim());
  expect(match, 'the filter shows its count').not.toBeNull();
  return Number(match?.[1]);
}

test('an admin answers a suggestion; the writer replies from /messages and the admin sees it live; then it is deleted', async ({ browser }) => {
  const writer = await freshPage(browser);
  const person = await signUpThroughApi(writer, newPerson('asker', 'Asker Person'));
  const idea = `Let readers follow a series and hear when a new part is out ${crypto.randomBytes(3).toString('hex')}`;
  const answer = 'Lovely idea. We are sketching series pages now.';
  const reply = ['Thank you!', 'Could the series page show the reading order too?'];

  await test.step('the writer suggests a feature and sees it under My suggestions as New', async () => {
    await writer.goto('/');
    const popover = await openSuggestions(writer);
    await popover.getByPlaceholder('Describe your feature idea...').fill(idea);
    await popover.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(writer, SUGGESTION_THANKS)).toBeVisible();
    const again = await openSuggestions(writer);
    const mine = again.getByTestId('my-suggestion').filter({ hasText: idea });
    await expect(mine.getByTestId('status-badge')).toHaveText('New');
    await writer.keyboard.press('Escape');
    await expect(again).toHaveCount(0);
  });

  const { admin, card, filters, heading } = await adminAtFeatureRequests(browser, idea);

  await test.step('the admin finds it with who asked, the date, no responses and New', async () => {
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Asker Person' })).toBeVisible();
    await expect(card).toContainText(person.email);
    await expect(card.getByTestId('response-count')).toHaveText('0 responses');
    await expect(card.getByTestId('status-badge')).toHaveText('New');
    await expect(card.getByTestId('unread-reply')).toHaveCount(0);
    await expect(heading).toHaveText(FEATURE_REQUEST_TEXTS.heading(await filterCount(filters.getByRole('button', { name: /^All/ }))));
  });

  await test.step('the admin responds through the modal', async () => {
    await card.getByRole('button', { name: 'Respond' }).click();
    const dialog = admin.getByRole('dialog', { name: FEATURE_REQUEST_TEXTS.respondTitle });
    await expect(dialog.getByTestId('original-request')).toContainText(idea);
    const send = dialog.getByRole('button', { name: 'Send Response' });
    await expect(send).toBeDisabled();
    const field = dialog.getByLabel('Your response');
    await field.fill('   \n ');
    await expect(send).toBeDisabled();
    await field.fill(answer);
    await shootLooks(admin, '/tmp/shots-feature-requests', 'respond-dialog', { target: admin.getByTestId('respond-dialog'), axe: true });
    await send.click();
    await expect(toast(admin, FEATURE_REQUEST_TEXTS.responseSent)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('status-badge')).toHaveText('Responded');
    await expect(card.getByTestId('response-count')).toHaveText('1 response');
    const response = card.getByTestId('response');
    await expect(response).toHaveCount(1);
    await expect(response.getByTestId('response-from')).toHaveText('Admin');
    await expect(response).toContainText(answer);
  });

  await test.step('the writer sees the unread badge without reloading, reads the answer and replies', async () => {
    // The name is the visible text ("Messages", "1") and then what the number means (WCAG 2.5.3).
    const messages = writer.getByRole('link', { name: 'Messages 1 unread', exact: true });
    await expect(messages).toBeVisible();
    await expect(messages.getByTestId('messages-unread-badge')).toHaveText('1');
    await messages.click();
    const conversation = writer.getByTestId('conversation').filter({ hasText: idea.slice(0, 30) });
    await expect(conversation.getByTestId('unread-dot')).toBeVisible();
    await expect(conversation).toContainText(answer);
    await conversation.click();
    const thread = writer.getByTestId('thread');
    await expect(thread.locator('[data-kind="feature-request"]')).toContainText(idea);
    const answered = thread.getByTestId('message').filter({ hasText: answer });
    await expect(answered.getByTestId('message-sender')).toHaveText('The Owner');
    // Opening the thread marked it read.
    await expect(writer.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(conversation.getByTestId('unread-dot')).toHaveCount(0);

    const box = thread.getByLabel('Your reply');
    await box.fill(reply[0] ?? '');
    await box.press('Shift+Enter');
    await box.pressSequentially(reply[1] ?? '');
    await expect(box).toHaveValue(reply.join('\n'));
    await box.press('Enter');
    const sent = thread.locator('[data-mine="true"]').getByTestId('message-text');
    await expect(sent).toHaveText(reply.join('\n'));
    await expect(box).toHaveValue('');
  });

  await test.step('the admin sees the reply labelled User and marked unread, without reloading', async () => {
    const fromUser = card.locator('[data-from="user"]');
    await expect(fromUser).toContainText(reply[1] ?? '');
    await expect(fromUser.getByTestId('response-from')).toHaveText('User');
    await expect(card.getByTestId('unread-reply')).toBeVisible();
    await expect(card.getByTestId('response-count')).toHaveText('2 responses');
    await expect(card.getByTestId('response').first().getByTestId('response-from')).toHaveText('Admin');
    await card.getByRole('button', { name: 'Mark read' }).click();
    await expect(card.getByTestId('unread-reply')).toHaveCount(0);
  });

  await test.step('an answer arriving while the writer has the thread open shows up and is marked read', async () => {
    await card.getByRole('button', { name: 'Respond' }).click();
    const dialog = admin.getByRole('dialog', { name: FEATURE_REQUEST_TEXTS.respondTitle });
    await dialog.getByLabel('Your response').fill('Yes, the reading order will be there.');
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(writer.getByTestId('thread').getByText('Yes, the reading order will be there.')).toBeVisible();
    // Stored unread for the writer, then marked read by the open thread.
    await expect
      .poll(async () => ((await (await writer.request.get('/api/conversations/unread-count')).json()) as { unread: number }).unread)
      .toBe(0);
    await expect(writer.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  });

  await test.step('My suggestions shows the new status', async () => {
    const popover = await openSuggestions(writer);
    await expect(popover.getByTestId('my-suggestion').filter({ hasText: idea }).getByTestId('status-badge')).toHaveText('Responded');
    await writer.keyboard.press('Escape');
  });

  await test.step('the admin deletes it after confirming', async () => {
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(FEATURE_REQUEST_TEXTS.confirmDelete);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
    expect(queryE2eDatabase('SELECT id FROM featureRequests WHERE text = ?', idea)).toEqual([]);
  });
});

// Apart from the conversation above, so each test stays well inside its time on a busy machine
// (together they ran past 30 s beside stress-ng at load 7).
test('an admin filters suggestions by status and marks one in progress, logged', async ({ browser }) => {
  const writer = await freshPage(browser);
  await signUpThroughApi(writer, newPerson('asker', 'Asker Person'));
  const idea = `Let readers bookmark a paragraph ${crypto.randomBytes(3).toString('hex')}`;
  const suggested = await writer.request.post('/api/feature-requests', { data: { text: idea }, headers: { origin: E2E.baseUrl } });
  expect(suggested.status()).toBe(201);
  await writer.context().close();

  const { admin, card, filters, heading } = await adminAtFeatureRequests(browser, idea);
  await expect(card).toBeVisible();

  await test.step('the filters: new shows it, resolved does not, and the heading counts the filter', async () => {
    const newFilter = filters.getByRole('button', { name: /^new/ });
    await newFilter.click();
    await expect(newFilter).toHaveAttribute('aria-pressed', 'true');
    await expect(admin).toHaveURL(/\?status=new$/);
    await expect(card).toBeVisible();
    await expect(heading).toHaveText(FEATURE_REQUEST_TEXTS.heading(await filterCount(newFilter)));
    await filters.getByRole('button', { name: /^resolved/ }).click();
    await expect(heading).toHaveText(FEATURE_REQUEST_TEXTS.heading(await filterCount(filters.getByRole('button', { name: /^resolved/ }))));
    await expect(card).toHaveCount(0);
    await filters.getByRole('button', { name: /^All/ }).click();
    await expect(card).toBeVisible();
  });

  await test.step('the admin marks it in progress: a toast, the badge, the filter, and an admin log entry', async () => {
    await card.getByLabel('Status').selectOption('in-progress');
    await expect(toast(admin, 'Request marked as in-progress')).toBeVisible();
    await expect(card.getByTestId('status-badge')).toHaveText('In Progress');
    const [row] = queryE2eDatabase<{ id: string; status: string }>('SELECT id, status FROM featureRequests WHERE text = ?', idea);
    expect(row?.status).toBe('in-progress');
    const logs = queryE2eDatabase<{ action: string }>('SELECT action FROM adminLogs WHERE target = ?', `featureRequests/${row?.id}`);
    expect(logs.map((log) => log.action)).toContain('feature_request_status');
    await filters.getByRole('button', { name: /^in-progress/ }).click();
    await expect(card).toBeVisible();
    await filters.getByRole('button', { name: /^All/ }).click();
  });
});
