import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { TUTORIAL_SHOWN_STORAGE_KEY } from '../web/app/tutorial/tutorial-storage';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { newPerson, signUpThroughApi } from './support/users';
import { expectNoAxeViolations } from './support/axe';

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

test('a writer writes from today’s prompt, recovers the draft, saves it private and makes it public', async ({ browser }) => {
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

  await test.step('save: a private story with the prompt', async () => {
    await writer.getByTestId('save-story').click();
    await expect(writer).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
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

});

// Apart from the writing above, so each test stays well inside its time on a busy machine
// (together they ran past 30 s in a clean-clone CI run at load 5–6).
test('a reader reacts, comments and favourites; the writer sees it and deletes the story, which is gone for the reader', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Writer');
  const title = `Lamp ${crypto.randomBytes(3).toString('hex')}`;
  const created = await writer.request.post('/api/stories', { data: { title, content: STORY_TEXT, public: true }, headers: { origin: E2E.baseUrl } });
  expect(created.status()).toBe(201);
  const storyUrl = `/story/${((await created.json()) as { story: { id: string } }).story.id}`;
  await writer.goto(storyUrl);
  await expect(writer.getByTestId('story-title')).toHaveText(title);

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

const PUBLIC_SENTENCE = 'Anyone can read it, even without an account.';
const SHOTS = 'test-results/shots-stories';

test('the editor shows every problem at once, counts only text that can be saved, says what public means, and offers Ctrl + S only with a keyboard', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Exact');
  await writer.goto('/story/new');
  const title = writer.getByTestId('story-title-input');
  const text = writer.getByTestId('story-text-input');
  await expect(writer.getByTestId('goal-words')).toHaveText('0');

  await test.step('both empty fields are named at once, each beside its field', async () => {
    await writer.getByTestId('save-story').click();
    const problems = writer.getByTestId('save-error');
    await expect(problems).toContainText('Please give your story a title.');
    await expect(problems).toContainText('Please write your story before saving.');
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(/Please give your story a title\./);
    await expect(text).toHaveAccessibleDescription(/Please write your story before saving\./);
  });

  await test.step('text past the limit is not counted towards today, and says so with the title still missing', async () => {
    const tooLong = `${'word '.repeat(2_000)}and more`;
    await text.fill(tooLong);
    await expect(writer.getByTestId('word-count')).toHaveText('2,002 words');
    await expect(writer.getByTestId('goal-words')).toHaveText('0');
    await writer.getByTestId('save-story').click();
    const problems = writer.getByTestId('save-error');
    await expect(problems).toContainText('Please give your story a title.');
    await expect(problems).toContainText('Your story must be at most 10,000 characters.');
    await text.fill('Short enough to keep.');
    await expect(writer.getByTestId('goal-words')).toHaveText('4');
  });

  await test.step('public reads as the story page says it', async () => {
    await writer.getByTestId('visibility-switch').click();
    await expect(writer.getByTestId('visibility-switch')).toHaveAccessibleDescription(PUBLIC_SENTENCE);
    await expect(writer.getByTestId('save-shortcut')).toBeVisible();
  });

  await test.step('no Ctrl + S tip on a touch screen without a keyboard', async () => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await skipTutorial(phone);
    await signUpThroughApi(phone, newPerson('thumbs'));
    await phone.goto('/story/new');
    await expect(phone.getByTestId('save-story')).toBeVisible();
    await expect(phone.getByTestId('save-shortcut')).toBeHidden();
    await context.close();
  });
});

test('a story page: one sentence for public, Copy link, no heart on your own stories, one message on versions for a reader, reactions that show without colour emoji', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Owner');
  const res = await writer.request.post('/api/stories', { data: { title: `Shared ${crypto.randomBytes(3).toString('hex')}`, content: 'A short story worth a link.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;
  await writer.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await test.step('the owner: the public sentence, no favourite heart here or on My Stories, and Copy link', async () => {
    await writer.goto(`/story/${id}`);
    await expect(writer.getByTestId('story-view')).toContainText(PUBLIC_SENTENCE);
    await expect(writer.getByTestId('favorite-toggle')).toHaveCount(0);
    const share = writer.getByRole('button', { name: 'Copy link' });
    await share.click();
    await expect(writer.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await writer.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E.baseUrl}/story/${id}`);
    await writer.goto('/stories');
    await expect(writer.getByTestId('story-card').first()).toBeVisible();
    await expect(writer.getByTestId('favorite-toggle')).toHaveCount(0);
  });

  const reader = await signedInPage(browser, 'Reader');
  await test.step('a reader: the heart, and one message on the versions page', async () => {
    await reader.goto(`/story/${id}`);
    await expect(reader.getByTestId('favorite-toggle')).toBeVisible();
    await reader.goto(`/story/${id}/versions`);
    const refused = reader.getByTestId('story-not-found');
    await expect(refused.getByRole('heading', { level: 1 })).toHaveText('Only the author can see this story’s versions');
    await expect(refused).not.toContainText('deleted or made private');
    await expect(refused.getByRole('link', { name: 'Back to the story' })).toHaveAttribute('href', `/story/${id}`);
  });

  await test.step('reactions keep a picture where the system has no colour emoji (this machine has none)', async () => {
    await reader.goto(`/story/${id}`);
    const heart = reader.getByTestId('reaction-heart');
    await expect(heart).toHaveAccessibleName('Love: 0');
    await expect(heart.locator('svg')).toBeVisible();
    await expect(heart).not.toContainText('❤');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});

test('My Stories and Community keep their headings in order', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Heads');
  const res = await writer.request.post('/api/stories', { data: { title: 'In order', content: 'One heading after another.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  for (const [path, heading] of [['/stories', 'My Stories'], ['/community', 'Community']] as const) {
    await writer.goto(path);
    await expect(writer.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(writer.getByTestId('story-card').first()).toBeVisible();
    await expectNoAxeViolations(writer, path, { rules: ['heading-order'] });
  }
});

test('looks: the editor naming its problems, light and dark, wide and at 375 px, with axe', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Looks');
  await writer.goto('/story/new');
  await writer.getByTestId('save-story').click();
  await expect(writer.getByTestId('save-error')).toContainText('Please write your story before saving.');
  await shootLooks(writer, SHOTS, 'editor-problems', { target: writer.getByTestId('story-editor-form'), axe: true });
});

test('looks: a public story as its owner sees it, and its reactions without colour emoji, with axe', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Looks');
  const res = await writer.request.post('/api/stories', { data: { title: 'A lighthouse keeper’s last night', content: 'The lamp went out at midnight.\n\nShe lit a candle and kept watch anyway.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;
  await writer.goto(`/story/${id}`);
  await expect(writer.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await shootLooks(writer, SHOTS, 'story-owner', { target: writer.getByTestId('story-view'), axe: true });
  await shootLooks(writer, SHOTS, 'reactions', { target: writer.getByTestId('reactions-bar'), axe: true });
});

test('looks: My Stories and Community, with axe', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Looks');
  const res = await writer.request.post('/api/stories', { data: { title: 'Tide tables', content: 'The sea kept its own appointments.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  await writer.goto('/stories');
  await shootLooks(writer, SHOTS, 'my-stories', { target: writer.getByTestId('story-list'), axe: true });
  await writer.goto('/community?q=tide');
  await shootLooks(writer, SHOTS, 'community', { target: writer.getByTestId('story-list'), axe: true });
});

test('looks: a reader turned away from a story’s versions, with axe', async ({ browser }) => {
  const writer = await signedInPage(browser, 'Looks');
  const res = await writer.request.post('/api/stories', { data: { title: 'Tide tables', content: 'The sea kept its own appointments.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;
  const reader = await signedInPage(browser, 'Reader');
  await reader.goto(`/story/${id}/versions`);
  await shootLooks(reader, SHOTS, 'versions-refused', { target: reader.getByTestId('story-not-found'), axe: true });
});
