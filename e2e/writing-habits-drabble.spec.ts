import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './support/test';
import { saveThemeModeThroughApi } from './support/appearance';
import { E2E } from './support/env';
import { writerInOwnContext } from './support/users';
import { WORD_COUNT_SAMPLES } from '../common/stories/word-count-samples';
import { shot } from './support/looks';


const SHOTS = '/tmp/shots-drabble';
/** The words of a story: "word1 word2 …", in two paragraphs. */
const wordsText = (n: number, prefix = 'word') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).map((w, i) => (i === 40 ? `\n\n${w}` : w)).join(' ');

/** The element in light, dark and at phone width, for the people who look at screenshots. */
async function shoot(page: Page, target: () => Locator, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await shot(target(), { path: `${SHOTS}/${name}-light.png` });
  await saveThemeModeThroughApi(page, 'dark-blue');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark-blue');
  await expect(target()).toBeVisible();
  await shot(target(), { path: `${SHOTS}/${name}-dark.png` });
  await saveThemeModeThroughApi(page, 'light');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(target()).toBeVisible();
  await shot(page, { path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize(size);
  await page.reload();
}

test('the editor counts to a perfect drabble, and the saved story shows the badge', async ({ browser }) => {
  const { page } = await writerInOwnContext(browser, 'Drabbler');
  // Reloading the editor for the screenshots asks first (unsaved text); the draft brings it back.
  page.on('dialog', (dialog) => void dialog.accept());
  const tag = `drab${crypto.randomBytes(3).toString('hex')}`;

  await page.goto('/story/new');
  const counter = page.getByTestId('drabble-counter');
  await expect(counter).toHaveText('0 / 100');
  await page.getByTestId('story-title-input').fill(`${tag} exactly a hundred words long, with a long title`);
  await page.getByTestId('story-text-input').fill(wordsText(87));
  await expect(counter).toHaveText('87 / 100');
  await expect(counter).toHaveAttribute('data-perfect', 'false');
  await page.getByTestId('story-text-input').pressSequentially(' ' + Array.from({ length: 13 }, (_, i) => `more${i + 1}`).join(' '));
  await expect(counter).toHaveText('100 ✓ Perfect drabble');
  await expect(counter).toHaveAttribute('data-perfect', 'true');
  // The title's words are not counted.
  await page.getByTestId('story-title-input').fill(`${tag} a different, much longer title of many words`);
  await expect(counter).toHaveText('100 ✓ Perfect drabble');
  await page.getByTestId('story-text-input').press('End');
  await page.getByTestId('story-text-input').pressSequentially(' extra');
  await expect(counter).toHaveText('101 / 100');
  await page.getByTestId('story-text-input').press('Backspace');
  await page.getByTestId('story-text-input').press('Backspace');
  await page.getByTestId('story-text-input').press('Backspace');
  await page.getByTestId('story-text-input').press('Backspace');
  await page.getByTestId('story-text-input').press('Backspace');
  await page.getByTestId('story-text-input').press('Backspace');
  await expect(counter).toHaveText('100 ✓ Perfect drabble');
  await shoot(page, () => page.getByTestId('story-text-input').locator('xpath=..'), 'counter');
  // The draft kept the text across the reloads.
  if (await page.getByTestId('draft-restored').isVisible()) await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(counter).toHaveText('100 ✓ Perfect drabble');

  await page.getByTestId('visibility-switch').click();
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
  await expect(page.getByTestId('story-view').getByTestId('perfect-drabble-badge')).toHaveText('Perfect drabble');
  await expect(page.getByTestId('story-word-count')).toHaveText('100 words');
  await page.goto('/profile');
  await expect(page.getByTestId('stat-perfect-drabbles')).toContainText('1');
});

// Apart from the editor's test, so that each stays well inside its time on a busy machine
// (together, with their reloads in each look, they ran 26 s of 30 at load 10).
test('a perfect drabble shows its badge on its card, and the community filters to it', async ({ browser }) => {
  const { page } = await writerInOwnContext(browser, 'Filterer');
  const tag = `drab${crypto.randomBytes(3).toString('hex')}`;
  // A public perfect drabble, and another story of the same search word of 99 words: the filter must leave it out.
  for (const [title, words] of [[`${tag} exactly a hundred`, 100], [`${tag} almost`, 99]] as const) {
    const saved = await page.request.post('/api/stories', { data: { title, content: wordsText(words), public: true }, headers: { origin: E2E.baseUrl } });
    expect(saved.status()).toBe(201);
  }

  await page.goto(`/community?q=${tag}`);
  const cards = page.getByTestId('story-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'almost' }).getByTestId('perfect-drabble-badge')).toHaveCount(0);
  await page.getByTestId('community-perfect').click();
  await expect(page).toHaveURL(/perfect=true/);
  await expect(page.getByTestId('community-perfect')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('perfect-drabble-badge')).toBeVisible();
  // The filter is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByTestId('community-perfect')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(1);
  await shot(page.getByRole('search'), { path: `${SHOTS}/community-filter-light.png` });
  await shoot(page, () => page.getByTestId('story-card').first(), 'card-badge');
});

test('every changing save keeps a version; the owner views one with its changes highlighted and restores it', async ({ browser }) => {
  const { page } = await writerInOwnContext(browser, 'Reviser');
  const original = 'The lighthouse keeper counted ships that never came.\n\nOn the last night the lamp lit itself.';
  const created = await page.request.post('/api/stories', { data: { title: 'The keeper', content: original }, headers: { origin: E2E.baseUrl } });
  expect(created.status()).toBe(201);
  const { story } = (await created.json()) as { story: { id: string } };

  // Edit and save twice.
  for (const text of [
    'The lighthouse keeper counted boats that never came.\n\nOn the last night the lamp lit itself.',
    'The old keeper counted boats that never came.\n\nOn the final night the lamp lit itself, and a horn answered.',
  ]) {
    await page.goto(`/story/${story.id}/edit`);
    await page.getByTestId('story-text-input').fill(text);
    await page.getByTestId('save-story').click();
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await expect(page.getByTestId('story-body')).toHaveText(text);
  }

  await page.getByTestId('version-history-link').click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}/versions$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Version history' })).toBeVisible();
  const items = page.getByTestId('version-item');
  await expect(items).toHaveCount(2);
  // Each shows its date and word count; the oldest is the original text.
  await expect(items.nth(1)).toContainText('16 words');
  await expect(items.nth(1).locator('time')).toHaveText(/\d{4}/);

  await items.nth(1).click();
  const view = page.getByTestId('version-view');
  await expect(view.getByTestId('version-word-count')).toHaveText('16 words');
  const diff = view.getByTestId('version-diff');
  // Against the current text: "lighthouse", "ships", "last" are only in this version; "old", "boats", "final", the horn only in the current story.
  await expect(diff.locator('ins')).toHaveText([/lighthouse/, /ships/, /last/, /itself\./]);
  await expect(diff.locator('del')).toHaveText([/old/, /boats/, /final/, /itself, and a horn answered\./]);
  await expect(view.getByTestId('version-body')).toContainText('only in this version');
  await shoot(page, () => page.getByTestId('version-view'), 'versions');
  await shot(page.getByTestId('versions-screen'), { path: `${SHOTS}/versions-screen-light.png` });

  await page.getByTestId('version-view').getByTestId('restore-version').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Restore this version?');
  await dialog.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Version restored.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
  await expect(page.getByTestId('story-body')).toHaveText(original);

  // The text it replaced is now a version too, and the restored one is still there.
  await page.getByTestId('version-history-link').click();
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('20 words');

  // Another writer cannot see them.
  const stranger = await writerInOwnContext(browser, 'Stranger');
  await stranger.page.goto(`/story/${story.id}/versions`);
  await expect(stranger.page.getByTestId('story-not-found')).toBeVisible();
});

test('the editor counts words in Chinese, Japanese and Thai as the server does, so a drabble in Chinese can be perfect', async ({ browser }) => {
  const { page } = await writerInOwnContext(browser, 'Segmenter');
  await page.goto('/story/new');
  const counter = page.getByTestId('drabble-counter');
  const text = page.getByTestId('story-text-input');
  // The same samples the server's count is tested on (common/stories/words.test.ts): Chromium's ICU must agree with Node's.
  for (const sample of WORD_COUNT_SAMPLES) {
    await text.fill(sample.text);
    await expect(counter, sample.why).toHaveText(`${sample.words} / 100`);
  }
  await page.getByTestId('story-title-input').fill('短篇');
  await text.fill('我喜欢写短篇小说。'.repeat(25));
  await expect(counter).toHaveText('100 ✓ Perfect drabble');
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
  await expect(page.getByTestId('story-word-count')).toHaveText('100 words');
  await expect(page.getByTestId('story-view').getByTestId('perfect-drabble-badge')).toHaveText('Perfect drabble');
});
