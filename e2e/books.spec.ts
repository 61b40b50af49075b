import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './support/test';
import { postStoryThroughApi } from './support/stories';
import { newPerson, signUpThroughApi } from './support/users';
import { shootLooks } from './support/looks';

const SHOTS = '/tmp/shots-books';

test('a writer downloads this year’s stories from My Stories as an EPUB book', async ({ page }) => {
  await signUpThroughApi(page, newPerson('books', 'Book Writer'));
  await postStoryThroughApi(page, { title: 'The First Tide', content: 'The sea came in.\n\nIt left a shell.', public: false });
  await postStoryThroughApi(page, { title: 'The Second Tide', content: 'The sea went out.' });
  const year = new Date().getFullYear();

  await page.goto('/stories');
  await expect(page.getByTestId('story-card')).toHaveCount(2);
  await shootLooks(page, SHOTS, 'my-stories');
  await page.getByTestId('book-download').click();
  const menu = page.getByTestId('book-menu');
  await expect(menu).toHaveRole('menu');
  const item = menu.getByRole('menuitem', { name: `${year} 2 stories` });
  await expect(item).toBeVisible();
  await shootLooks(page, SHOTS, 'menu', { target: menu, axe: true });

  const downloading = page.waitForEvent('download');
  await item.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`drabble-book-writer-stories-of-${year}.epub`);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(strFromU8(files['mimetype']!)).toBe('application/epub+zip');
  const nav = strFromU8(files['EPUB/nav.xhtml']!);
  expect(nav.indexOf('The First Tide')).toBeGreaterThan(-1);
  expect(nav.indexOf('The First Tide')).toBeLessThan(nav.indexOf('The Second Tide'));
  expect(strFromU8(files['EPUB/chapter-0001.xhtml']!)).toContain('<p>The sea came in.</p>');
});
