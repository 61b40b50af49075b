import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { ACCOUNT_TEXTS } from '../common/account/account';
import { MESSAGE_PAGE_SIZE, MESSAGE_TEXTS } from '../common/messages/messages';
import { signInAsAdmin } from './support/admin';
import { E2E } from './support/env';
import { newPerson, signUpThroughApi } from './support/users';

const headers = { origin: E2E.baseUrl };

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a writer with no conversations is told where replies appear; a non-admin is refused the feature-request list', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/messages');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('No messages yet.');
  await expect(empty).toContainText('feature suggestions');
  await expect(page.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/feature-requests');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByTestId('feature-requests-heading')).toHaveCount(0);
  expect((await page.request.get('/api/admin/feature-requests')).status()).toBe(403);
});

test('on a phone: a deep link opens the thread, older messages load, a reply past the limit is refused and kept, and Back shows the list', async ({ browser }) => {
  const writer = await freshPage(browser);
  await signUpThroughApi(writer, newPerson('phone', 'Phone Writer'));
  const idea = `A reading list I can share with friends ${crypto.randomBytes(3).toString('hex')}`;
  const submitted = await writer.request.post('/api/feature-requests', { data: { text: idea }, headers });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const requestId = ((await submitted.json()) as { featureRequest: { id: string } }).featureRequest.id;

  // More answers than one page holds, so the original request sits on the older page.
  const admin = await freshPage(browser);
  await signInAsAdmin(admin);
  const answers = MESSAGE_PAGE_SIZE + 5;
  let conversationId = '';
  for (let i = 1; i <= answers; i += 1) {
    const res = await admin.request.post(`/api/admin/feature-requests/${requestId}/responses`, { data: { text: `Answer ${i}` }, headers });
    expect(res.status(), await res.text()).toBe(201);
    conversationId = ((await res.json()) as { featureRequest: { conversationId: string } }).featureRequest.conversationId;
  }

  await writer.setViewportSize({ width: 390, height: 844 });
  await writer.goto(`/messages?c=${conversationId}`);
  const thread = writer.getByTestId('thread');
  await expect(thread.getByTestId('message').filter({ hasText: `Answer ${answers}` })).toBeInViewport();
  await expect(writer.getByTestId('conversation-pane')).toBeHidden();
  await expect(thread.getByText('Answer 5', { exact: true })).toHaveCount(0);

  await thread.getByRole('button', { name: 'Load older' }).click();
  await expect(thread.getByText('Answer 5', { exact: true })).toBeVisible();
  await expect(thread.locator('[data-kind="feature-request"]')).toContainText(idea);
  await expect(thread.getByRole('button', { name: 'Load older' })).toHaveCount(0);

  // The limit is 20 messages a minute: use them up, then the reply box hears the refusal.
  for (let i = 1; i <= 20; i += 1) {
    const res = await writer.request.post(`/api/conversations/${conversationId}/messages`, { data: { text: `Note ${i}` }, headers });
    expect(res.status(), await res.text()).toBe(201);
  }
  const box = thread.getByLabel('Your reply');
  await box.fill('One more thought');
  await box.press('Enter');
  await expect(thread.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.tooOften);
  // Refused, the message stays in the thread to retry: nothing typed is lost.
  const unsent = thread.getByTestId('outbox-message');
  await expect(unsent.getByTestId('message-text')).toHaveText('One more thought');
  await expect(unsent.getByRole('button', { name: MESSAGE_TEXTS.notSent })).toBeVisible();

  await thread.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(writer).toHaveURL(/\/messages$/);
  await expect(thread).toHaveCount(0);
  await expect(writer.getByTestId('conversation').filter({ hasText: idea.slice(0, 30) })).toBeVisible();
});
