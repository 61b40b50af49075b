import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { TUTORIAL_SHOWN_STORAGE_KEY } from '../web/app/tutorial/tutorial-storage';
import { newPerson, signUpThroughApi } from './support/users';

/**
 * A new person in a browser context of their own, signed up through the API (the page shares
 * the session). They have seen the tutorial before, so it does not open over these screens.
 */
async function signedInPage(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), TUTORIAL_SHOWN_STORAGE_KEY);
  const page = await context.newPage();
  await signUpThroughApi(page, newPerson(name.toLowerCase(), name));
  return page;
}

type Prompt = { genre: string; theme: string; twist: string };

/**
 * Opens home and returns today's prompt as the API gives it. The prompt changes at midnight
 * UTC: if the day turned while the page loaded, it loads again, so the two always agree.
 */
async function promptOnHome(page: Page): Promise<Prompt> {
  const today = async () => (await (await page.request.get('/api/prompts/today')).json()) as { date: string; prompt: Prompt };
  for (;;) {
    const before = await today();
    await page.goto('/');
    await expect(page.getByTestId('today-genre')).toBeVisible();
    if ((await today()).date === before.date) return before.prompt;
  }
}

const STORY_TEXT = 'The keeper counted ships that never came.\n\nOn the last night the lamp lit itself, and far out a horn answered.';

test('a writer writes from today’s prompt, recovers the draft, publishes; a reader reacts, comments and favourites; the writer deletes it', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Writer');
  const prompt = await promptOnHome(writer);
  const title = `Lamp ${crypto.randomBytes(3).toString('hex')}`;

  await test.step('start from today’s prompt on the home screen', async () => {
    await expect(writer.getByTestId('today-genre')).toHaveText(prompt.genre);
    await writer.getByTestId('write-with-prompt').click();
    await expect(writer).toHaveURL(/\/story\/new$/);
    const chips = writer.getByTestId('prompt-picker');
    await expect(chips.getByTestId('prompt-genre')).toContainText(prompt.genre);
    await expect(chips.getByTestId('prompt-theme')).toContainText(prompt.theme);
    await expect(chips.getByTestId('prompt-twist')).toContainText(prompt.twist);
    await expect(writer.getByTestId('prompt-today')).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('type the story and see it counted', async () => {
    await writer.getByTestId('story-title-input').fill(title);
    await writer.getByTestId('story-text-input').fill(STORY_TEXT);
    await expect(writer.getByTestId('word-count')).toHaveText('21 words');
    await expect(writer.getByTestId('char-count')).toHaveText(`${STORY_TEXT.length} / 10,000`);
    await expect(writer.getByTestId('goal-words')).toHaveText('21');
    await expect(writer.getByTestId('draft-status')).toContainText('Draft saved on this device');
  });

  await test.step('reload (answering the leave prompt) and get the draft back', async () => {
    writer.once('dialog', (dialog) => void dialog.accept());
    await writer.reload();
    await expect(writer.getByTestId('draft-restored')).toContainText('Restored your unsaved draft');
    await expect(writer.getByTestId('story-title-input')).toHaveValue(title);
    await expect(writer.getByTestId('story-text-input')).toHaveValue(STORY_TEXT);
  });

  let storyUrl = '';
  await test.step('save: a private story with the prompt', async () => {
    await writer.getByTestId('save-story').click();
    await expect(writer).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
    storyUrl = new URL(writer.url()).pathname;
    await expect(writer.getByTestId('story-title')).toHaveText(title);
    await expect(writer.getByTestId('visibility-badge')).toHaveText('Private');
    await expect(writer.getByTestId('private-notice')).toBeVisible();
    await expect(writer.getByTestId('story-body')).toHaveText(STORY_TEXT);
    await expect(writer.getByTestId('story-word-count')).toHaveText('21 words');
  });

  await test.step('make it public through the confirm dialog', async () => {
    await writer.getByTestId('toggle-visibility').click();
    const dialog = writer.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Make this story public? Anyone will be able to read it.');
    await dialog.getByTestId('confirm-action').click();
    await expect(writer.getByTestId('toast').filter({ hasText: 'Story is now public!' })).toBeVisible();
    await expect(writer.getByTestId('visibility-badge')).toHaveText('Public');
  });

  const reader = await signedInPage(browser, 'Reader');
  await test.step('a second user reacts, comments and favourites', async () => {
    await reader.goto(storyUrl);
    await expect(reader.getByTestId('story-title')).toHaveText(title);
    await expect(reader.getByTestId('owner-actions')).toHaveCount(0);

    const heart = reader.getByTestId('reaction-heart');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(reader.getByTestId('reaction-count-heart')).toHaveText('1');

    await reader.getByTestId('comment-input').fill('That horn gave me chills.');
    await reader.getByTestId('post-comment').click();
    await expect(reader.getByTestId('comment-text')).toHaveText('That horn gave me chills.');
    await expect(reader.getByTestId('comment-input')).toHaveValue('');

    const favorite = reader.getByTestId('favorite-toggle');
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');
    await reader.getByTestId('nav-link-favorites').click();
    await expect(reader.getByTestId('story-card').filter({ hasText: title })).toBeVisible();
  });

  await test.step('the writer sees the reaction and comment, then deletes the story', async () => {
    await writer.reload();
    await expect(writer.getByTestId('reaction-count-heart')).toHaveText('1');
    await expect(writer.getByTestId('comment-text')).toHaveText('That horn gave me chills.');
    await writer.getByTestId('delete-story').click();
    const dialog = writer.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this story? This action cannot be undone.');
    await dialog.getByTestId('confirm-action').click();
    await expect(writer).toHaveURL(/\/stories$/);
    await expect(writer.getByTestId('toast').filter({ hasText: 'Story deleted.' })).toBeVisible();
    await expect(writer.getByTestId('story-card').filter({ hasText: title })).toHaveCount(0);
  });

  await test.step('for the reader it is gone', async () => {
    await reader.goto(storyUrl);
    await expect(reader.getByTestId('story-not-found')).toContainText('Story not found');
    await reader.goto('/favorites');
    await expect(reader.getByTestId('empty-state')).toContainText('No favorites yet.');
  });
});

test('a failed save keeps the text and says why; leaving asks first; a draft can be discarded', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Careful');
  await writer.goto('/story/new');
  await writer.getByTestId('story-title-input').fill('Unsaved');
  await writer.getByTestId('story-text-input').fill('Words that must not be lost.');

  await writer.route('**/api/stories', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The database is unreachable.' } }) })
      : route.fallback(),
  );
  await writer.getByTestId('save-story').click();
  await expect(writer.getByTestId('save-error')).toContainText('Not saved: The database is unreachable.');
  await expect(writer.getByTestId('story-text-input')).toHaveValue('Words that must not be lost.');
  await expect(writer).toHaveURL(/\/story\/new$/);

  await writer.getByTestId('nav-link-community').click();
  const leave = writer.getByTestId('confirm-dialog');
  await expect(leave).toContainText('Your changes are not saved to your stories yet.');
  await leave.getByRole('button', { name: 'Keep writing' }).click();
  await expect(writer).toHaveURL(/\/story\/new$/);
  await writer.getByTestId('nav-link-community').click();
  await writer.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
  await expect(writer).toHaveURL(/\/community$/);

  await writer.goto('/story/new');
  await expect(writer.getByTestId('draft-restored')).toBeVisible();
  await expect(writer.getByTestId('story-text-input')).toHaveValue('Words that must not be lost.');
  await writer.getByTestId('discard-draft').click();
  await expect(writer.getByTestId('story-text-input')).toHaveValue('');
  await writer.reload();
  await expect(writer.getByTestId('story-title-input')).toBeVisible();
  await expect(writer.getByTestId('draft-restored')).toHaveCount(0);
});
