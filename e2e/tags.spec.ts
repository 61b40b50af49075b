import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { TAG_TEXTS } from '../common/tags/tags';
import { E2E } from './support/env';
import { postStoryThroughApi } from './support/stories';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { writerInOwnContext } from './support/users';

// Tags: a writer tags stories with suggestions in the editor; a reader opens the tag from a card, follows it, and finds the story in their feed because of the tag.
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
async function postTagged(page: Page, title: string, tags: string[], contentWarnings: string[] = []) {
  await postStoryThroughApi(page, { title, content: `${title}. The lamp went out at nine.`, tags, contentWarnings });
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

test('a tag typed without Enter is added when the story is saved, and one that cannot be a tag stops the save and says why', async ({ browser }) => {
  const { word, name: tag } = newTag();
  const writer = await writerInOwnContext(browser, 'Wren');
  const page = writer.page;

  await writeStory(page, `Typed ${word}`, `${word}. The tide came in while she slept.`);
  const input = page.getByTestId('tag-input');
  const box = input.getByRole('combobox', { name: TAG_TEXTS.inputLabel });
  await box.fill('grief');
  await box.press('Enter');
  await box.fill('!!');
  await page.getByTestId('visibility-switch').click();
  await page.getByTestId('save-story').click();
  // Not saved: the typed text is named as the problem, and nothing was dropped.
  await expect(input.getByTestId('tag-problem')).toHaveText(TAG_TEXTS.badCharacters);
  await expect(box).toHaveValue('!!');
  await expect(page).toHaveURL(/\/story\/new$/);

  await box.fill(`#${tag}`);
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
  await expect(page.getByTestId('story-tags').getByRole('link')).toHaveText(['grief', tag]);
  await page.context().close();
});

test('a tag page whose stories the reader hides says so beside the count, with a way to change what they hide', async ({ browser }) => {
  const { word, name: tag, key } = newTag();
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');
  await postTagged(writer.page, `Dark ${word}`, [tag], ['violence']);
  const res = await reader.page.request.put('/api/me/reading-preferences', { data: { hiddenWarnings: ['violence'], alwaysShowText: false }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(200);

  const page = reader.page;
  await page.goto(`/tag/${key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tag);
  await expect(page.getByTestId('tag-story-count')).toHaveText(TAG_TEXTS.storyCountHidden(1, 1));
  const empty = page.getByTestId('tag-all-hidden');
  await expect(empty).toContainText(TAG_TEXTS.allHidden);
  await expect(page.getByText(TAG_TEXTS.empty)).toHaveCount(0);
  await shootLooks(page, SHOTS, 'tag-page-hidden', { axe: true });
  await empty.getByRole('link', { name: 'Content warnings' }).click();
  await expect(page).toHaveURL(/\/settings#content-warnings$/);

  // A guest hides nothing: the same count, and the story.
  const guest = await (await browser.newContext()).newPage();
  await skipTutorial(guest);
  await guest.goto(`/tag/${key}`);
  await expect(guest.getByTestId('story-card')).toHaveCount(1);
  await expect(guest.getByTestId('tag-story-count')).toHaveText(TAG_TEXTS.storyCount(1));
  await guest.context().close();
  await writer.page.context().close();
  await reader.page.context().close();
});
