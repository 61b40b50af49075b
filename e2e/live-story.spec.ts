import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { expectThemeMode, saveThemeModeThroughApi } from './support/appearance';
import { E2E } from './support/env';
import { newPerson, signUpThroughApi } from './support/users';
import { shot } from './support/looks';

/*
 * Live screens: a story page left open shows others' comments, deletions and
 * reactions as they happen, and a community card's counts follow, with no reload.
 */

const headers = { origin: E2E.baseUrl };
const tag = () => crypto.randomBytes(3).toString('hex');

async function personPage(browser: Browser, prefix: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpThroughApi(page, newPerson(prefix, name));
  return page;
}

async function publish(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/stories', {
    data: { title, content: `${title}. The tide came in twice that evening.`, public: true },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

async function comment(page: Page, storyId: string, text: string): Promise<string> {
  const res = await page.request.post(`/api/stories/${storyId}/comments`, { data: { text }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { comment: { id: string } }).comment.id;
}

async function react(page: Page, storyId: string, kind: string): Promise<void> {
  const res = await page.request.put(`/api/stories/${storyId}/reactions/${kind}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens `path` and waits until the tab's stream watches `target` (subscribed before the response starts). */
async function openWatching(page: Page, path: string, target: string): Promise<void> {
  const watching = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && new URL(res.url()).searchParams.get('watch') === target);
  await page.goto(path);
  expect((await watching).status()).toBe(200);
}

test('an open story page shows comments, deletions and reactions from others as they happen; a community card follows', async ({ browser }) => {
  const writer = await personPage(browser, 'livewriter', `Live Writer ${tag()}`);
  const title = `The tide clock ${tag()}`;
  const storyId = await publish(writer, title);
  const other = await personPage(browser, 'livecommenter', 'Live Commenter');

  const reader = await personPage(browser, 'livereader', 'Live Reader');
  await reader.setViewportSize({ width: 375, height: 800 });
  await openWatching(reader, `/story/${storyId}`, `story:${storyId}`);
  const comments = reader.getByTestId('comments');
  await expect(comments.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(reader.getByTestId('reaction-count-heart')).toHaveText('0');

  // Someone else comments and reacts: the page shows both without a reload.
  const text = `Live from elsewhere ${tag()}`;
  const commentId = await comment(other, storyId, text);
  await expect(comments.getByTestId('comment-text').filter({ hasText: text })).toBeVisible();
  await expect(comments.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await react(other, storyId, 'heart');
  await react(writer, storyId, 'heart');
  await expect(reader.getByTestId('reaction-count-heart')).toHaveText('2');
  // The reader's own reaction state is untouched by others' counts.
  await expect(reader.getByTestId('reaction-heart')).toHaveAttribute('aria-pressed', 'false');

  await shot(reader, { path: '/tmp/shots/live-screens-story-light.png', fullPage: true });
  // The reader's dark mode, saved elsewhere, arrives over the same stream.
  await saveThemeModeThroughApi(reader, 'dark-gray');
  await expectThemeMode(reader, 'dark-gray');
  await shot(reader, { path: '/tmp/shots/live-screens-story-dark.png', fullPage: true });

  // The writer deletes the comment: it disappears from the reader's page.
  const deleted = await writer.request.delete(`/api/stories/${storyId}/comments/${commentId}`, { headers });
  expect(deleted.status()).toBe(200);
  await expect(comments.getByTestId('comment-text').filter({ hasText: text })).toHaveCount(0);
  await expect(comments.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

  // On /community the card's counts move as others react and comment.
  await openWatching(reader, `/community?q=${encodeURIComponent(title)}`, 'community');
  const card = reader.getByTestId('story-card').filter({ hasText: title });
  await expect(card.getByTestId('reactions-count')).toContainText('2 reactions');
  await react(other, storyId, 'fire');
  await expect(card.getByTestId('reactions-count')).toContainText('3 reactions');
  await comment(other, storyId, 'One more thought.');
  await expect(card.getByTestId('comments-count')).toContainText('1 comment');
});

test("an open profile's follower count follows others' follows and unfollows", async ({ browser }) => {
  const writer = await personPage(browser, 'liveprofile', `Live Profile ${tag()}`);
  const writerUid = ((await (await writer.request.get('/api/me')).json()) as { user: { uid: string } }).user.uid;
  const fan = await personPage(browser, 'livefan', 'Live Fan');
  const reader = await personPage(browser, 'liveprofilereader', 'Live Profile Reader');
  await openWatching(reader, `/user/${writerUid}`, `profile:${writerUid}`);
  const followers = reader.getByTestId('followers-count');
  await expect(followers).toHaveText('0 followers');

  const followed = await fan.request.post(`/api/follows/${writerUid}`, { headers });
  expect(followed.status()).toBe(200);
  await expect(followers).toHaveText('1 follower');
  const unfollowed = await fan.request.delete(`/api/follows/${writerUid}`, { headers });
  expect(unfollowed.status()).toBe(200);
  await expect(followers).toHaveText('0 followers');
});
