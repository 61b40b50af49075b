import crypto from 'node:crypto';
import { expect, test } from './support/test';
import type { Story } from '../common/stories/story';
import { FEED_TEXTS } from '../common/feeds/feeds';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { writerInOwnContext } from './support/users';

test("a writer's profile names its Atom feed for readers' apps, and its Atom feed button gives the address to copy", async ({ browser }) => {
  const writer = await writerInOwnContext(browser, 'Wren');
  const title = `Lantern ${crypto.randomBytes(3).toString('hex')}`;
  const res = await writer.page.request.post('/api/stories', {
    data: { title, content: 'The lantern burned all night.\n\nNobody came to blow it out.', public: true },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
  const story = ((await res.json()) as { story: Story }).story;
  const feedUrl = `${E2E.baseUrl}/user/${writer.uid}/feed.atom`;

  const guest = await (await browser.newContext()).newPage();
  await skipTutorial(guest);
  await guest.goto(`/user/${writer.uid}`);
  await expect(guest.getByTestId('public-name')).toHaveText(writer.name);
  // In the page's head as the server sent it: a reader's app finds it without running the app.
  const html = await (await guest.request.get(`/user/${writer.uid}`)).text();
  expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="${writer.name} on Drabble" href="${feedUrl}" />`);
  // And once the app runs, the screen names it (one link, not the server's beside the app's).
  const alternate = guest.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternate).toHaveCount(1);
  await expect(alternate).toHaveAttribute('href', feedUrl);
  await expect(alternate).toHaveAttribute('title', `${writer.name} on Drabble`);

  // The button, not a link into raw XML: it explains the feed and gives its address to copy.
  await guest.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(guest.getByRole('link', { name: 'Feed', exact: true })).toHaveCount(0);
  const button = guest.getByRole('button', { name: FEED_TEXTS.button });
  await button.click();
  const panel = guest.getByTestId('feed-panel');
  await expect(panel).toContainText(FEED_TEXTS.explanation);
  await expect(panel.getByRole('textbox', { name: FEED_TEXTS.addressLabel })).toHaveValue(feedUrl);
  await panel.getByRole('button', { name: FEED_TEXTS.copy }).click();
  await expect(panel.getByRole('status')).toHaveText(FEED_TEXTS.copied);
  expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
  await guest.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  const response = await guest.request.get(feedUrl);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
  expect(xml).toContain(`<title type="text">${title}</title>`);
  expect(xml).toContain(`<link rel="alternate" type="text/html" href="${E2E.baseUrl}/story/${story.id}"/>`);
  await guest.context().close();
  await writer.page.context().close();
});

test("the page head names the current page's feed after moving within the app, and none where the page has no feed", async ({ browser }) => {
  const writer = await writerInOwnContext(browser, 'Wren');
  const word = `Harbor${crypto.randomBytes(3).toString('hex')}`;
  const res = await writer.page.request.post('/api/stories', {
    data: { title: `The ${word} light`, content: 'The light turned all night.', public: true, tags: [word] },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
  const page = writer.page;
  const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');

  await page.goto(`/community?q=${word}`);
  await expect(alternate).toHaveCount(1);
  await expect(alternate).toHaveAttribute('href', `${E2E.baseUrl}/community/feed.atom`);
  await page.getByRole('button', { name: FEED_TEXTS.button }).click();
  await shootLooks(page, 'e2e/screenshots/feeds', 'community-feed-panel', { axe: true });
  await page.keyboard.press('Escape');

  // Within the app (no new page load): the tag page's feed takes the community's place.
  await page.getByTestId('story-card').getByTestId('tag-link').click();
  await expect(page).toHaveURL(new RegExp(`/tag/${word.toLowerCase()}$`));
  await expect(alternate).toHaveCount(1);
  await expect(alternate).toHaveAttribute('href', `${E2E.baseUrl}/tag/${word.toLowerCase()}/feed.atom`);
  await expect(alternate).toHaveAttribute('title', `Drabble: stories tagged #${word}`);

  await page.getByRole('link', { name: 'My Stories' }).first().click();
  await expect(page).toHaveURL(/\/stories$/);
  await expect(alternate).toHaveCount(0);
  await page.context().close();
});
