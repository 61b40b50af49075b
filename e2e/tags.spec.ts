import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { TAG_TEXTS } from '../common/tags';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { writerInOwnContext } from './support/users';

// Tags (issue 27): a writer tags stories with suggestions in the editor; a reader opens the tag from a card, follows it, and finds the story in their feed because of the tag.
const SHOTS = 'e2e/screenshots/tags';

/** A tag no other test uses: its name as first written and its key. */
function newTag() {
  const word = `Lantern${crypto.randomBytes(3).toString('hex')}`;
  return { word, name: `${word} Tales`, key: `${word.toLowerCase()}-tales` };
}

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

/** A public story with tags, through the API (the editor is the other test's subject). */
async function postTagged(page: Page, title: string, tags: string[]) {
  const res = await page.request.post('/api/stories', { data: { title, content: `${title}. The lamp went out at nine.`, public: true, tags }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
}

test('the editor adds a typed tag with Enter, suggests it on the next story, adds another with a comma and removes a chip', async ({ browser }) => {
  const { word, name: tag } = newTag();
  const writer = await writerInOwnContext(browser, 'Wren');
  const page = writer.page;

  await writeStory(page, `First ${word}`, `${word}. The lamp went out at nine, as it always did.`);
  const first = page.getByTestId('tag-input');
  await first.getByRole('combobox', { name: TAG_TEXTS.inputLabel }).fill(`#${tag}`);
  await first.getByRole('combobox', { name: TAG_TEXTS.inputLabel }).press('Enter');
  await expect(first.getByTestId('tag-chip')).toHaveText([`#${tag}`]);
  await save(page);
  await expect(page.getByTestId('story-tags').getByRole('link', { name: tag })).toBeVisible();

  await writeStory(page, `The ${word} keeper`, `${word}. She kept the lantern lit for ships that never came.`);
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
  await page.context().close();
});

test('a reader opens a tag from a card, follows it, and finds the story in their feed “because you follow” it', async ({ browser }) => {
  const { word, name: tag, key } = newTag();
  const title = `The ${word} keeper`;
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');
  await postTagged(writer.page, `First ${word}`, [`#${tag}`]);
  await postTagged(writer.page, title, [tag, 'grief']);

  const page = reader.page;
  // The week's tags are a link away from the community page.
  await page.goto('/community');
  await page.getByTestId('tags-link').click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAG_TEXTS.trendingTitle);

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

  await page.goto('/feed');
  const item = page.getByRole('listitem').filter({ has: page.getByTestId('story-card').filter({ hasText: title }) });
  await expect(item.getByTestId('because-tag')).toHaveText(`${TAG_TEXTS.becauseYouFollow} #${tag}`);
  await expect(item.getByTestId('because-tag').getByRole('link', { name: `#${tag}` })).toHaveAttribute('href', `/tag/${key}`);

  await writer.page.context().close();
  await reader.page.context().close();
});
