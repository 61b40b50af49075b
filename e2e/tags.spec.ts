import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TAG_TEXTS } from '../common/tags';
import { shootLooks } from './support/looks';
import { writerInOwnContext } from './support/users';

// Tags (issue 27): a writer tags stories with suggestions in the editor; a reader opens the tag from a card, follows it, and finds the story in their feed because of the tag.
const SHOTS = 'e2e/screenshots/tags';

async function writeStory(page: Page, title: string, text: string) {
  await page.goto('/story/new');
  await page.getByTestId('story-title-input').fill(title);
  await page.getByTestId('story-text-input').fill(text);
}

async function save(page: Page) {
  await page.getByTestId('visibility-switch').click();
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
}

test('tags with suggestions in the editor; a reader opens the tag from a card, follows it and sees the story in their feed', async ({ browser }) => {
  const word = `Lantern${crypto.randomBytes(3).toString('hex')}`;
  const tag = `${word} Tales`;
  const key = `${word.toLowerCase()}-tales`;
  const title = `The ${word} keeper`;
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');

  await test.step('the writer tags a first story by typing it and pressing Enter', async () => {
    const page = writer.page;
    await writeStory(page, `First ${word}`, `${word}. The lamp went out at nine, as it always did.`);
    const input = page.getByTestId('tag-input');
    await input.getByRole('combobox', { name: TAG_TEXTS.inputLabel }).fill(`#${tag}`);
    await input.getByRole('combobox', { name: TAG_TEXTS.inputLabel }).press('Enter');
    await expect(input.getByTestId('tag-chip')).toHaveText([`#${tag}`]);
    await save(page);
    await expect(page.getByTestId('story-tags').getByRole('link', { name: tag })).toBeVisible();
  });

  await test.step('on the next story the tag is suggested as they type; a comma adds another; a chip can be removed', async () => {
    const page = writer.page;
    await writeStory(page, title, `${word}. She kept the lantern lit for ships that never came.`);
    const input = page.getByTestId('tag-input');
    const box = input.getByRole('combobox', { name: TAG_TEXTS.inputLabel });
    await box.fill(word.slice(0, 9).toLowerCase());
    const suggestion = input.getByRole('option', { name: new RegExp(tag) });
    await expect(suggestion).toBeVisible();
    await shootLooks(page, SHOTS, 'editor-tag-input', { target: input, scroll: true, axe: true });
    await suggestion.click();
    await box.fill('grief');
    await box.press(',');
    await box.fill('sea');
    await box.press('Enter');
    await expect(input.getByTestId('tag-chip')).toHaveText([`#${tag}`, '#grief', '#sea']);
    await expect(input.getByTestId('tag-count')).toHaveText(TAG_TEXTS.count(3));
    await input.getByRole('button', { name: TAG_TEXTS.remove('sea') }).click();
    await expect(input.getByTestId('tag-chip')).toHaveText([`#${tag}`, '#grief']);
    await save(page);
    await expect(page.getByTestId('story-tags').getByRole('link')).toHaveText([tag, 'grief']);
  });

  await test.step('a reader opens the tag from a card, sees its page and follows it', async () => {
    const page = reader.page;
    await page.goto(`/community?q=${word}`);
    const card = page.getByTestId('story-card').filter({ hasText: title });
    await card.getByRole('link', { name: tag }).click();
    await expect(page).toHaveURL(new RegExp(`/tag/${key}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tag);
    await expect(page.getByTestId('tag-story-count')).toHaveText(TAG_TEXTS.storyCount(2));
    await expect(page.getByTestId('story-card')).toHaveCount(2);
    const followButton = page.getByTestId('tag-follow');
    await followButton.click();
    await expect(followButton).toHaveText(TAG_TEXTS.following);
    await expect(followButton).toHaveAttribute('aria-pressed', 'true');
    await shootLooks(page, SHOTS, 'tag-page', { target: page.getByTestId('tag-header'), axe: true });
  });

  await test.step('the story is in the reader’s feed, marked “because you follow” the tag', async () => {
    const page = reader.page;
    await page.goto('/feed');
    const item = page.getByRole('listitem').filter({ has: page.getByTestId('story-card').filter({ hasText: title }) });
    await expect(item.getByTestId('because-tag')).toHaveText(`${TAG_TEXTS.becauseYouFollow} #${tag}`);
    await expect(item.getByTestId('because-tag').getByRole('link', { name: `#${tag}` })).toHaveAttribute('href', `/tag/${key}`);
  });

  await writer.page.context().close();
  await reader.page.context().close();
});
