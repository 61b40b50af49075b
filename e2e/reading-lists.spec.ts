import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { writerInOwnContext } from './support/users';

// Reading lists: a reader saves a story to Read later in one tap, adds it to a new public list
// with a note, finds both on /lists, and someone else opens the shared list by its link.
const SHOTS = 'e2e/screenshots/reading-lists';

async function postStory(page: Page, title: string) {
  const res = await page.request.post('/api/stories', { data: { title, content: `${title}. The lighthouse keeper counted the ships.`, public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

test('a reader saves a story to Read later, adds it to a new public list with a note, and someone else reads the list', async ({ browser }) => {
  const word = `Harbour${crypto.randomBytes(3).toString('hex')}`;
  const title = `The ${word} light`;
  const listName = `Sea stories ${word}`;
  const note = 'Read this one aloud on a stormy night.';
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');
  const other = await writerInOwnContext(browser, 'Ivy');
  const storyId = await postStory(writer.page, title);

  const page = reader.page;
  await page.goto(`/story/${storyId}`);
  const bookmark = page.getByTestId('bookmark-toggle');
  await expect(bookmark).toHaveText('Read later');
  await bookmark.click();
  const menu = page.getByTestId('bookmark-menu');
  await expect(menu.getByTestId('bookmark-status')).toHaveText('Saved to Read later.');
  await expect(menu.getByRole('checkbox', { name: 'Read later' })).toBeChecked();
  await expect(bookmark).toHaveText('Saved');

  await menu.getByTestId('new-list').click();
  await menu.getByLabel('List name').fill(listName);
  await menu.getByLabel('Note on this story (optional)').fill(note);
  await menu.getByLabel('Public: anyone with the link can see it').check();
  await shootLooks(page, SHOTS, 'bookmark-menu', { target: menu, axe: true });
  await menu.getByRole('button', { name: 'Create' }).click();
  await expect(menu.getByTestId('bookmark-status')).toHaveText(`Saved to ${listName}.`);
  await expect(menu.getByRole('checkbox', { name: listName })).toBeChecked();
  await page.keyboard.press('Escape');

  // The navigation leads to the lists; each names how many stories it holds.
  await page.getByTestId('nav-link-lists').first().click();
  await expect(page).toHaveURL(/\/lists$/);
  const lists = page.getByTestId('reading-lists');
  await expect(lists.getByTestId('reading-list-link')).toHaveCount(2);
  await expect(lists.getByTestId('reading-list-link').first()).toContainText('Read later');
  await expect(lists.getByTestId('reading-list-link').first()).toContainText('1 story');
  await shootLooks(page, SHOTS, 'lists', { target: page.getByTestId('reading-lists-screen'), axe: true });
  // The whole window too: the navigation with its Reading lists link, on a phone and a desktop.
  await shootLooks(page, SHOTS, 'lists-window');
  await lists.getByTestId('reading-list-link').filter({ hasText: listName }).click();
  await expect(page).toHaveURL(/\/lists\/[A-Za-z0-9]{20}$/);
  const listUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listName);
  const entry = page.getByTestId('list-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('story-card')).toContainText(title);
  await expect(entry.getByTestId('entry-note')).toHaveText(note);
  await shootLooks(page, SHOTS, 'list-owner', { target: page.getByTestId('reading-list-screen'), axe: true });

  // Someone else opens the shared link: the story and the note, no owner's controls.
  const seen = other.page;
  await seen.goto(listUrl);
  await expect(seen.getByRole('heading', { level: 1 })).toHaveText(listName);
  await expect(seen.getByText('A reading list by')).toBeVisible();
  await expect(seen.getByTestId('list-entry').getByTestId('entry-note')).toHaveText(note);
  await expect(seen.getByTestId('list-visibility')).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Edit note' })).toHaveCount(0);
  await shootLooks(seen, SHOTS, 'list-shared', { target: seen.getByTestId('reading-list-screen'), axe: true });

  // Made private: the link is "not found" to them.
  await page.getByTestId('list-visibility').click();
  await expect(page.getByTestId('list-visibility')).toHaveText('Make public');
  await seen.reload();
  await expect(seen.getByTestId('list-not-found')).toBeVisible();

  for (const person of [writer, reader, other]) await person.page.context().close();
});
