import crypto from 'node:crypto';
import { expect, test } from './support/test';
import type { Story } from '../common/story';
import { E2E } from './support/env';
import { skipTutorial } from './support/tutorial';
import { writerInOwnContext } from './support/users';

test("a writer's profile names its Atom feed for readers' apps, and its Feed link opens the feed", async ({ browser }) => {
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
  const alternate = guest.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternate).toHaveAttribute('href', feedUrl);
  await expect(alternate).toHaveAttribute('title', `${writer.name} on Drabble`);

  const feedLink = guest.getByRole('link', { name: 'Feed', exact: true });
  await expect(feedLink).toBeVisible();
  const [response] = await Promise.all([guest.waitForResponse(feedUrl), feedLink.click()]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
  expect(xml).toContain(`<title type="text">${title}</title>`);
  expect(xml).toContain(`<link rel="alternate" type="text/html" href="${E2E.baseUrl}/story/${story.id}"/>`);
  await guest.context().close();
  await writer.page.context().close();
});
