import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { CONTENT_WARNING_TEXTS } from '../common/stories/content-warnings';
import { shootLooks } from './support/looks';
import { E2E } from './support/env';
import { writerInOwnContext } from './support/users';

// Content warnings: a writer warns, a reader sees the warning first and chooses to read; a reader who hides the warning no longer sees the story in community.
const SHOTS = 'e2e/screenshots/content-warnings';

test('a writer picks warnings and writes a note in the editor, saves it public, and reads their own text at once', async ({ browser }) => {
  const word = `Ember${crypto.randomBytes(3).toString('hex')}`;
  const title = `The ${word} at the door`;
  const writer = await writerInOwnContext(browser, 'Wren');
  await test.step('the writer picks a warning and writes a note in the editor, and saves it public', async () => {
    const page = writer.page;
    await page.goto('/story/new');
    await page.getByTestId('story-title-input').fill(title);
    await page.getByTestId('story-text-input').fill(`${word}. The fire took the barn, and the old dog with it. Nobody spoke of it again.`);
    const picker = page.getByTestId('warning-picker');
    await picker.getByRole('checkbox', { name: 'Violence' }).check();
    await picker.getByRole('checkbox', { name: 'Death' }).check();
    await picker.getByRole('textbox', { name: CONTENT_WARNING_TEXTS.noteLabel }).fill('an animal dies');
    await expect(picker.getByRole('checkbox', { name: 'Death' })).toBeChecked();
    await shootLooks(page, SHOTS, 'warning-picker', { target: picker, scroll: true, axe: true });
    await page.getByTestId('visibility-switch').click();
    await page.getByTestId('save-story').click();
    await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
    // The writer reads their own text at once, under the warnings.
    await expect(page.getByTestId('content-warnings')).toContainText('Violence');
    await expect(page.getByTestId('content-warning-note')).toHaveText('an animal dies');
    await expect(page.getByTestId('story-body')).toContainText('the old dog');
    await expect(page.getByTestId('show-story')).toHaveCount(0);
  });
  await writer.page.context().close();
});

// Apart from the writer's editor, so each test stays well inside its time on a busy machine
// (together they ran past 30 s beside stress-ng at load 7).
test('a warned story waits behind “Show story”; a reader who hides its warning no longer finds it in community', async ({ browser }) => {
  const word = `Ember${crypto.randomBytes(3).toString('hex')}`;
  const title = `The ${word} at the door`;
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');
  const saved = await writer.page.request.post('/api/stories', {
    data: {
      title,
      content: `${word}. The fire took the barn, and the old dog with it. Nobody spoke of it again.`,
      public: true,
      contentWarnings: ['violence', 'death'],
      contentWarningNote: 'an animal dies',
    },
    headers: { origin: E2E.baseUrl },
  });
  expect(saved.status()).toBe(201);

  const community = `/community?q=${word}`;
  await test.step('a reader sees the warnings on the card, and the text only after “Show story”', async () => {
    const page = reader.page;
    await page.goto(community);
    const card = page.getByTestId('story-card').filter({ hasText: title });
    await expect(card.getByTestId('content-warning')).toHaveText(['Violence', 'Death']);
    await expect(card.getByTestId('content-warning-note')).toHaveText('an animal dies');
    await expect(card.getByTestId('story-preview')).toHaveCount(0);
    await shootLooks(page, SHOTS, 'gated-card', { target: card, scroll: true, axe: true });
    await card.getByTestId('show-story').click();
    await expect(card.getByTestId('story-preview')).toContainText('the old dog');

    await card.getByRole('link', { name: title }).click();
    await expect(page.getByTestId('story-title')).toHaveText(title);
    await expect(page.getByTestId('story-gate')).toBeVisible();
    await expect(page.getByTestId('story-body')).toHaveCount(0);
    await page.getByTestId('story-gate').getByTestId('show-story').click();
    await expect(page.getByTestId('story-body')).toContainText('the old dog');
  });

  await test.step('the reader hides Death in Settings, and the story leaves their community', async () => {
    const page = reader.page;
    await page.goto('/settings#content-warnings');
    const section = page.getByTestId('settings-content-warnings');
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/me/reading-preferences') && res.request().method() === 'PUT');
    await section.getByRole('checkbox', { name: 'Death' }).check();
    expect((await saved).status()).toBe(200);
    await expect(section.getByRole('checkbox', { name: 'Death' })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Death' })).toBeEnabled();

    await page.goto(community);
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(page.getByTestId('story-card').filter({ hasText: title })).toHaveCount(0);
  });

  await writer.page.context().close();
  await reader.page.context().close();
});
