import { expect, test, type Page, type Request } from './support/test';
import { queryE2eDatabase } from './support/db';
import { nextLoggedEvent } from './support/event-log';
import { newPerson, signUpThroughApi } from './support/users';

const PLACEHOLDER = 'Describe your feature idea...';

async function openSuggestions(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Suggest a Feature' }).click();
  const popover = page.getByRole('dialog', { name: 'Feature suggestion' });
  await expect(popover.getByPlaceholder(PLACEHOLDER)).toBeVisible();
  return popover;
}

function featureRequestPosts(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/feature-requests')) sent.push(request);
  });
  return sent;
}

test('an empty suggestion is explained and nothing is sent; a refused one shows the server’s reason and keeps the text', async ({ page }) => {
  await signUpThroughApi(page);
  const sent = featureRequestPosts(page);
  await page.goto('/');
  const popover = await openSuggestions(page);
  await popover.getByRole('button', { name: 'Submit' }).click();
  await expect(popover.getByRole('alert')).toHaveText('Please enter a feature suggestion.');

  const textarea = popover.getByPlaceholder(PLACEHOLDER);
  await textarea.fill('   \n\t  ');
  await expect(popover.getByRole('alert')).toHaveCount(0);
  await textarea.press('Tab');
  await popover.getByRole('button', { name: 'Submit' }).click();
  await expect(popover.getByRole('alert')).toHaveText('Please enter a feature suggestion.');
  await expect(textarea).toHaveAttribute('aria-invalid', 'true');

  await popover.getByRole('button', { name: 'Cancel' }).click();
  await expect(popover).toHaveCount(0);
  // The page has been idle since the clicks: a request would have gone out by now.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(sent).toHaveLength(0);

  // Too long for the server: its message, and the text is still there to shorten.
  const refused = await openSuggestions(page);
  const tooLong = 'x'.repeat(2001);
  await refused.getByPlaceholder(PLACEHOLDER).fill(tooLong);
  await refused.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please keep your suggestion under 2000 characters.' })).toBeVisible();
  await expect(refused.getByPlaceholder(PLACEHOLDER)).toHaveValue(tooLong);
  await expect(refused.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(sent).toHaveLength(1);
});

interface FeatureRequestRow {
  id: string;
  text: string;
  status: string;
  userUid: string;
  userEmail: string;
  userDisplayName: string | null;
}

test('a suggestion is stored trimmed, logged and announced to the admin, then thanked for', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('idea', 'Idea Person'));
  const sent = featureRequestPosts(page);
  await page.goto('/');
  const idea = `Let me pin a favourite story to the top of my profile so visitors see it first ${Date.now()}`;
  const popover = await openSuggestions(page);
  await popover.getByPlaceholder(PLACEHOLDER).fill(`  ${idea}  \n`);
  const logged = nextLoggedEvent(page, 'feature_request');
  await popover.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByTestId('toast').filter({ hasText: 'Feature request submitted! Thank you for your feedback.' })).toBeVisible();
  await expect(popover).toHaveCount(0);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postDataJSON()).toEqual({ text: idea });
  const event = await logged;

  const [row] = queryE2eDatabase<FeatureRequestRow>('SELECT * FROM featureRequests WHERE userEmail = ?', person.email);
  expect(row).toMatchObject({ text: idea, status: 'new', userDisplayName: 'Idea Person', userEmail: person.email });
  expect(event.resource).toBe(`featureRequests/${row?.id}`);

  const logs = queryE2eDatabase<{ details: string; user: string }>(
    'SELECT details, user FROM systemLogs WHERE type = ? AND resource = ?',
    'feature_request',
    `featureRequests/${row?.id}`,
  );
  expect(logs).toHaveLength(1);
  expect(JSON.parse(logs[0]?.details ?? '{}')).toEqual({ text: `[redacted: ${idea.length} chars]` });
  expect(JSON.parse(logs[0]?.user ?? '{}')).toMatchObject({ uid: row?.userUid, email: person.email });

  const notifications = queryE2eDatabase<{ to: string; message: string; link: string; read: number; data: string }>(
    'SELECT "to", message, link, read, data FROM notifications WHERE data = ?',
    JSON.stringify({ text: idea }),
  );
  expect(notifications).toEqual([
    { to: 'admin', message: idea.slice(0, 80), link: '/admin/feature-requests', read: 0, data: JSON.stringify({ text: idea }) },
  ]);

  // The popover opens empty for the next idea.
  const again = await openSuggestions(page);
  await expect(again.getByPlaceholder(PLACEHOLDER)).toHaveValue('');
});
