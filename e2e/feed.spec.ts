import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { SOCIAL_TEXTS } from '../common/follows/follows';
import { E2E } from './support/env';
import { newPerson, signUpThroughApi } from './support/users';

const headers = { origin: E2E.baseUrl };

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function uidOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/me');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { uid: string } }).user.uid;
}

/** Publishes a story through the API (the writer's side is not what these tests are about). */
async function publish(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/stories', {
    data: { title, content: `${title}. The lighthouse keeper counted the ships again.`, public: true },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

const tag = () => crypto.randomBytes(3).toString('hex');

test('following a writer from their profile brings their stories to /feed; a new one waits behind the pill', async ({ browser }) => {
  const writer = await freshPage(browser);
  await signUpThroughApi(writer, newPerson('feedwriter', `Feed Writer ${tag()}`));
  const writerUid = await uidOf(writer);
  const first = `The first lantern ${tag()}`;
  await publish(writer, first);

  const reader = await freshPage(browser);
  await signUpThroughApi(reader, newPerson('feedreader', 'Feed Reader'));
  await reader.goto('/feed');
  const empty = reader.getByTestId('empty-state');
  await expect(empty).toContainText('Your feed is empty.');
  await expect(empty.getByRole('link', { name: 'Browse the community' })).toHaveAttribute('href', '/community');

  // Follow from the writer's profile, as a reader would.
  await reader.goto(`/user/${writerUid}`);
  await reader.getByTestId('follow-button').filter({ hasText: SOCIAL_TEXTS.follow }).click();
  await expect(reader.getByTestId('follow-button')).toHaveAttribute('data-label', SOCIAL_TEXTS.following);

  // The feed shows the story; seeing it moves the reader's marker to it.
  const markerSaved = reader.waitForResponse((res) => res.url().endsWith('/api/feed/marker') && res.request().method() === 'PUT');
  await reader.goto('/feed');
  const cards = reader.getByTestId('story-list').getByTestId('story-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(first);
  await expect(cards.first().getByTestId('reactions-count')).toContainText('0 reactions');
  expect((await markerSaved).status()).toBe(200);
  const before = await cards.first().boundingBox();

  // The writer publishes again: the pill appears, and the list stays exactly where it was.
  const second = `The second lantern ${tag()}`;
  await publish(writer, second);
  const pill = reader.getByTestId('new-stories-pill');
  await expect(pill).toHaveText(SOCIAL_TEXTS.newStories(1));
  await expect(cards).toHaveCount(1);
  expect(await cards.first().boundingBox()).toEqual(before);
  await expect(reader.getByTestId('caught-up')).toHaveCount(0);

  // Clicking shows it on top, with the line where the reader had left off.
  const newMarker = reader.waitForResponse((res) => res.url().endsWith('/api/feed/marker') && res.request().method() === 'PUT');
  await pill.click();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(second);
  await expect(cards.nth(1)).toContainText(first);
  await expect(pill).toHaveCount(0);
  const items = reader.getByTestId('story-list').locator(':scope > li');
  await expect(items.nth(1)).toHaveAttribute('data-testid', 'caught-up');
  await expect(items.nth(1)).toHaveAccessibleName(SOCIAL_TEXTS.caughtUp);
  expect((await newMarker).status()).toBe(200);

  // Back later: the marker is at the newest story, so nothing is new.
  await reader.reload();
  await expect(cards).toHaveCount(2);
  await expect(reader.getByTestId('caught-up')).toHaveCount(0);
});

test('on a phone the pill floats over the feed and brings the reader back to the top', async ({ browser }) => {
  const writer = await freshPage(browser);
  await signUpThroughApi(writer, newPerson('feedphone', `Phone Writer ${tag()}`));
  const writerUid = await uidOf(writer);
  const titles = Array.from({ length: 4 }, (_, i) => `Story ${i + 1} ${tag()}`);
  for (const title of titles) await publish(writer, title);

  const reader = await freshPage(browser);
  await signUpThroughApi(reader, newPerson('feedphonereader', 'Phone Reader'));
  const followed = await reader.request.post(`/api/follows/${writerUid}`, { headers });
  expect(followed.status(), await followed.text()).toBe(200);
  await reader.setViewportSize({ width: 390, height: 844 });
  await reader.goto('/feed');
  const cards = reader.getByTestId('story-list').getByTestId('story-card');
  await expect(cards).toHaveCount(4);
  await cards.last().scrollIntoViewIfNeeded();
  const scrolled = await reader.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  const newest = `Story 5 ${tag()}`;
  await publish(writer, newest);
  const pill = reader.getByTestId('new-stories-pill');
  await expect(pill).toBeInViewport();
  expect(await reader.evaluate(() => window.scrollY)).toBe(scrolled);
  await pill.click();
  await expect(cards.first()).toContainText(newest);
  await expect(cards.first()).toBeInViewport();
  await expect(reader.getByRole('heading', { name: 'Feed', level: 1 })).toBeFocused();
});
