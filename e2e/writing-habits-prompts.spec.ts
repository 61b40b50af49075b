import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test';
import { promptForDay, utcDayKey } from '../common/prompts/prompts';
import { addDays } from '../common/streaks/streak';
import { newPerson, signUpThroughApi } from './support/users';
import { shootLooks } from './support/looks';
import { E2E } from './support/env';

// A writer's whole way from home to a prompt page, the editor and back, with screenshots in four looks.

const SHOTS = '/tmp/shots-prompts';

/** Light and dark, wide and at 375 px; nothing may be wider than the phone's screen. */
const shoot = (page: Page, name: string, target?: Locator, fullPage = !target) => shootLooks(page, SHOTS, name, { target, fullPage });


/** Today's UTC day as the server has it: the prompt pages' "today". */
async function serverToday(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/prompts/today')).json()) as { date: string }).date;
}

test('a writer follows today’s prompt from home, writes to it, and finds the story on its page and on home; a guest reads it there', async ({ page, browser }) => {
  await signUpThroughApi(page, newPerson('prompted', 'Prompt Writer'));
  const title = `Lantern ${crypto.randomBytes(3).toString('hex')}`;
  const today = await serverToday(page);
  const prompt = promptForDay(today);
  expect(utcDayKey(new Date())).toBe(today);

  await test.step('home links to today’s prompt page', async () => {
    await page.goto('/');
    const card = page.getByTestId('today-prompt');
    await expect(card.getByTestId('today-genre')).toHaveText(prompt.genre);
    await expect(card.getByTestId('today-answered')).toHaveCount(0);
    await card.getByRole('link', { name: 'Stories written to it' }).click();
    await expect(page).toHaveURL(new RegExp(`/prompt/${today}$`));
    await expect(page.getByTestId('prompt-card').getByTestId('prompt-genre')).toHaveText(prompt.genre);
    await expect(page.getByTestId('prompt-card').getByTestId('prompt-theme')).toHaveText(prompt.theme);
    await expect(page.getByTestId('prompt-card').getByTestId('prompt-twist')).toHaveText(prompt.twist);
    await expect(page.getByTestId('prompt-answered')).toHaveCount(0);
    await expect(page.getByTestId('prompt-next')).toBeVisible();
    await expect(page.getByTestId('prompt-previous')).toHaveAttribute('href', `/prompt/${addDays(today, -1)}`);
  });

  await test.step('"Write to this prompt" opens the editor with the prompt', async () => {
    await page.getByRole('link', { name: 'Write to this prompt' }).click();
    await expect(page).toHaveURL(new RegExp(`/story/new\\?promptDay=${today}$`));
    const picker = page.getByTestId('prompt-picker');
    await expect(picker.getByTestId('prompt-genre')).toContainText(prompt.genre);
    await expect(picker.getByTestId('prompt-theme')).toContainText(prompt.theme);
    await expect(picker.getByTestId('prompt-twist')).toContainText(prompt.twist);
    await expect(page.getByTestId('writing-to-prompt')).toContainText('Writing to the prompt of');
    await shoot(page, 'editor', undefined, false);
  });

  await test.step('save it public', async () => {
    await page.getByTestId('story-title-input').fill(title);
    await page.getByTestId('story-text-input').fill('The lamp was lit by no one. Far out, a horn answered it.');
    await page.getByTestId('visibility-switch').click();
    await page.getByTestId('save-story').click();
    await expect(page.getByTestId('story-title')).toHaveText(title);
  });

  await test.step('the prompt page lists it and says the writer answered', async () => {
    await page.goto(`/prompt/${today}`);
    await expect(page.getByTestId('prompt-answered')).toHaveText("You've answered this prompt ✓");
    await expect(page.getByTestId('story-list').getByText(title)).toBeVisible();
    await shoot(page, 'prompt-page');
  });

  await test.step('home says "You\'ve answered today ✓"', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drabble', exact: true }).click();
    const card = page.getByTestId('today-prompt');
    await expect(card.getByTestId('today-answered')).toHaveText("You've answered today ✓");
    await shoot(page, 'home-card', card);
  });

  await test.step('a guest reads the page and is asked to log in to write', async () => {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/prompt/${today}`);
    await expect(guest.getByTestId('story-list').getByText(title)).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Log in to write to this prompt' })).toBeVisible();
    await guest.goto(`/prompt/${addDays(today, 3)}`);
    await expect(guest.getByRole('heading', { name: 'Prompt not found' })).toBeVisible();
    await guest.context().close();
  });
});

// Apart from the way above, so that each test stays well inside its time on a busy machine
// (together, with their screenshots in four looks, they once ran past 30 s at load 10).
test('the archive lists today and yesterday with their stories counted, 30 at a time, each linking to its prompt page', async ({ page }) => {
  await signUpThroughApi(page, newPerson('archivist', 'Archive Reader'));
  const today = await serverToday(page);
  const prompt = promptForDay(today);
  // A story of its own for today's count, so the test does not lean on stories other tests wrote.
  const story = await page.request.post('/api/stories', {
    data: { title: 'Archived', content: 'The day kept its prompt.', public: true, prompt, promptDay: today },
    headers: { origin: E2E.baseUrl },
  });
  expect(story.status(), await story.text()).toBe(201);
  await page.goto('/');
  await page.getByTestId('today-prompt').getByRole('link', { name: 'Past prompts' }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  const entries = page.getByTestId('archive-entry');
  await expect(entries.first()).toHaveAttribute('data-date', today);
  await expect(entries.first()).toContainText(`${prompt.genre} · ${prompt.theme} · ${prompt.twist}`);
  await expect(entries.first()).toContainText(/\d+ stor(y|ies)/);
  const yesterday = addDays(today, -1);
  const previous = promptForDay(yesterday);
  await expect(entries.nth(1)).toHaveAttribute('data-date', yesterday);
  await expect(entries.nth(1)).toContainText(`${previous.genre} · ${previous.theme} · ${previous.twist}`);
  await expect(entries).toHaveCount(30);
  await shoot(page, 'archive', undefined, false);
  await page.getByTestId('archive-more').click();
  await expect(entries).toHaveCount(60);
  await expect(entries.nth(30)).toHaveAttribute('data-date', addDays(today, -30));
  await entries.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/prompt/${yesterday}$`));
  await expect(page.getByTestId('prompt-card').getByTestId('prompt-genre')).toHaveText(previous.genre);
});

test('a link to a day without a prompt opens the editor without one and says why', async ({ page }) => {
  await signUpThroughApi(page, newPerson('early', 'Early Writer'));
  const today = await serverToday(page);
  await page.goto(`/story/new?promptDay=${addDays(today, 3)}`);
  await expect(page.getByTestId('prompt-day-refused')).toContainText('is not out yet, so this story starts without a prompt');
  await expect(page.getByTestId('prompt-none')).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'editor-refused', undefined, false);
});
