import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './support/test';
import { STORY_TEXTS } from '@common/stories/texts';
import { expectThemeMode, saveThemeModeThroughApi } from './support/appearance';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';

/*
 * The installable app: manifest and service worker, reading offline, a save made
 * offline sent on reconnect, a conflict shown rather than overwritten, and the update prompt.
 * The service worker runs here only (playwright.config.ts blocks it in the other specs).
 */

test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/pwa-shots';
const headers = { origin: E2E.baseUrl };
const swFile = fileURLToPath(new URL('../dist/web/sw.js', import.meta.url));
const swLock = `${swFile}.e2e-lock`;
const OFFLINE_TEXT = 'You’re offline — your writing is kept on this device.';

function takeLock(): boolean {
  try {
    fs.mkdirSync(swLock);
    return true;
  } catch {
    return false;
  }
}

interface StoryBody {
  story: { id: string; title: string; content: string; updatedAt: string };
}

/** The page, once the service worker controls it (the first install claims the page it registered from). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

async function writeStory(page: Page, title: string, content: string): Promise<StoryBody['story']> {
  const res = await page.request.post('/api/stories', { data: { title, content }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as StoryBody).story;
}

async function storyNow(page: Page, id: string): Promise<StoryBody['story']> {
  const res = await page.request.get(`/api/stories/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as StoryBody).story;
}

/** Opens the story's page online (the service worker keeps what it read), then its editor. */
async function openEditorOnce(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/story/${id}`);
  await expect(page.getByTestId('story-title')).toHaveText(title);
  await controlled(page);
  // Once more under the worker's control, so its cache holds the story's reads too.
  await page.goto(`/story/${id}/edit`);
  await expect(page.getByTestId('story-title-input')).toHaveValue(title);
  await page.goto(`/story/${id}`);
  await expect(page.getByTestId('story-title')).toHaveText(title);
}

test('the manifest names the app, its icons and colours, and the service worker controls the page', async ({ page }) => {
  await page.goto('/');
  await controlled(page);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Drabble', short_name: 'Drabble', start_url: '/', display: 'standalone', theme_color: '#1d4ed8' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { scope: reg?.scope, script: reg?.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${E2E.baseUrl}/`, script: `${E2E.baseUrl}/sw.js` });

  // Precached: the scripts the offline promise needs (reading and writing stories), not every screen's.
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  });
  for (const screen of ['HomeScreen', 'StoryScreen', 'NewStoryScreen', 'MyStoriesScreen']) {
    expect(precached.some((file) => file.startsWith(`/assets/${screen}-`)), screen).toBe(true);
  }
  for (const screen of ['AuditLogScreen', 'UsersScreen', 'GreetingsScreen', 'SettingsScreen']) {
    expect(precached.some((file) => file.startsWith(`/assets/${screen}-`)), screen).toBe(false);
  }

  // The bar's colour follows the accent.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /\S/);
});

test('Chromium finds nothing stopping an install (what Lighthouse\'s installable-manifest audit asked of it)', async ({ playwright }, testInfo) => {
  // A test's context is incognito, where Chromium never offers an install: a profile of its own.
  const profile = testInfo.outputPath('profile');
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: E2E.chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(E2E.baseUrl);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toBe(`${E2E.baseUrl}/manifest.webmanifest`);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline: the shell opens, stories read before and your own are readable, a save waits and is sent on reconnect, the live stream comes back', async ({ page, context }) => {
  // One long walk (reading, two saves and My Stories offline, each checked with axe in both
  // schemes, then the reconnect): on a loaded 2-core machine it needs more than the default budget.
  test.slow();
  await signUpThroughApi(page, newPerson('offline', 'Offline Writer'));
  const title = `Night train ${crypto.randomBytes(3).toString('hex')}`;
  const story = await writeStory(page, title, 'The lights went out at the border.');
  const unopened = await writeStory(page, `${title}, the sequel`, 'Morning came up grey over the fields.');
  // The first page is left before its list of the writer's stories arrives, as when someone
  // moves on at once: a later page keeps them instead (the first read is held until then).
  let leftFirstPage!: () => void;
  const firstPageLeft = new Promise<void>((resolve) => (leftFirstPage = resolve));
  let firstRead = true;
  await context.route('**/api/stories/mine?**', async (route) => {
    if (firstRead) {
      firstRead = false;
      await firstPageLeft;
    }
    await route.fallback();
  });
  await openEditorOnce(page, story.id, title);
  leftFirstPage();
  expect(firstRead).toBe(false);
  // The writer's own stories are kept for reading offline without being opened.
  await expect
    .poll(() => page.evaluate(async (id) => Boolean(await (await caches.open('drabble-api')).match(`/api/stories/${id}`)), unopened.id))
    .toBe(true);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('story-title')).toHaveText(title);
  await expect(page.getByTestId('story-body')).toHaveText('The lights went out at the border.');
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  // Scrolled to the end, the page's last content stands above the bar, not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await page.getByTestId('offline-bar').boundingBox();
  const lastContent = await page.locator('#root').boundingBox();
  expect(bar && lastContent && lastContent.y + lastContent.height <= bar.y + 1).toBe(true);
  await shootLooks(page, SHOTS, 'offline-story');
  await page.goto(`/story/${unopened.id}`);
  await expect(page.getByTestId('story-body')).toHaveText('Morning came up grey over the fields.');

  await page.goto(`/story/${story.id}/edit`);
  await page.getByTestId('story-text-input').fill('The lights went out at the border. Nobody spoke until morning.');
  await page.getByTestId('save-story').click();
  await expect(page.getByTestId('offline-save-waiting')).toContainText('Saved on this device. It will be sent when you’re back online.');
  await shootLooks(page, SHOTS, 'offline-save-waiting');
  expect((await storyNow(page, story.id)).content).toBe('The lights went out at the border.');

  // A new story written offline waits too; My Stories shows both, marked as waiting to be sent.
  const written = `${title}, written offline`;
  await page.goto('/story/new');
  await page.getByTestId('story-title-input').fill(written);
  await page.getByTestId('story-text-input').fill('The conductor never came through the carriage.');
  await page.getByTestId('save-story').click();
  await expect(page.getByTestId('offline-save-waiting')).toBeVisible();
  await page.goto('/stories');
  const waiting = page.getByTestId('queued-saves');
  await expect(waiting.getByRole('heading')).toHaveText(STORY_TEXTS.queuedHeading);
  await expect(waiting.getByTestId('queued-save').getByTestId('queued-save-title')).toHaveText([written, title]);
  await expect(waiting.getByTestId('queued-save').filter({ hasText: title }).first()).toContainText(STORY_TEXTS.queuedWaiting);
  await expect(waiting.getByTestId('queued-save').filter({ hasText: written })).toContainText('The conductor never came through the carriage.');
  await shootLooks(page, SHOTS, 'offline-my-stories', { target: waiting, axe: true });

  await context.setOffline(false);
  await expect(page.getByTestId('toast').filter({ hasText: `Saved “${title}”, written while you were offline.` })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: `Saved “${written}”, written while you were offline.` })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();
  await expect.poll(async () => (await storyNow(page, story.id)).content).toBe('The lights went out at the border. Nobody spoke until morning.');
  // Sent: nothing waits any more, and the new story is in the list itself.
  await expect(waiting).toBeHidden();
  await expect(page.getByTestId('story-list').getByTestId('story-card').filter({ hasText: written })).toBeVisible();

  // The live stream is back too: a change made elsewhere reaches this page without a reload.
  await saveThemeModeThroughApi(page, 'dark-gray');
  await expectThemeMode(page, 'dark-gray');
});

test('an offline save against a text changed elsewhere is shown beside it, and keeping mine keeps the other as a version', async ({ page, context }) => {
  await signUpThroughApi(page, newPerson('conflict', 'Conflict Writer'));
  const title = `Two drafts ${crypto.randomBytes(3).toString('hex')}`;
  const story = await writeStory(page, title, 'The first text.');
  await openEditorOnce(page, story.id, title);

  await context.setOffline(true);
  await page.goto(`/story/${story.id}/edit`);
  await page.getByTestId('story-text-input').fill('Written on the train.');
  await page.getByTestId('save-story').click();
  await expect(page.getByTestId('offline-save-waiting')).toBeVisible();

  // Meanwhile, on another device (the API, not this browser, which is offline).
  const elsewhere = await page.request.patch(`/api/stories/${story.id}`, { data: { content: 'Written at the desk.' }, headers });
  expect(elsewhere.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByTestId('toast').filter({ hasText: `“${title}” was changed somewhere else while you were offline.` })).toBeVisible();
  expect((await storyNow(page, story.id)).content).toBe('Written at the desk.');

  // My Stories shows it waiting for the writer's choice, and opens it to choose.
  await page.goto('/stories');
  const waiting = page.getByTestId('queued-save').filter({ hasText: title });
  await expect(waiting).toContainText(STORY_TEXTS.queuedConflict);
  await waiting.getByRole('link', { name: STORY_TEXTS.queuedOpen }).click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}/edit$`));
  const conflict = page.getByTestId('offline-save-conflict');
  await expect(conflict.getByTestId('conflict-mine')).toContainText('Written on the train.');
  await expect(conflict.getByTestId('conflict-server')).toContainText('Written at the desk.');
  await shootLooks(page, SHOTS, 'offline-conflict', { target: conflict, scroll: true, axe: true });

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
  await expect(page.getByTestId('story-body')).toHaveText('Written on the train.');
  // The version history keeps both the desk's text and the first.
  const versions = (await (await page.request.get(`/api/stories/${story.id}/versions`)).json()) as { versions: { id: string }[] };
  const texts = await Promise.all(
    versions.versions.map(async (v) => ((await (await page.request.get(`/api/stories/${story.id}/versions/${v.id}`)).json()) as { version: { content: string } }).version.content),
  );
  expect(texts).toEqual(['Written at the desk.', 'The first text.']);
  expect(STORY_TEXTS.editConflict).toContain('Nothing was overwritten');
});

test('a new release waits for "Reload", which lets its service worker take over', async ({ page }) => {
  await page.goto('/');
  await controlled(page);

  // Repeats of this test may run in other workers: one rewrites sw.js at a time (mkdir either makes the lock or fails).
  await expect.poll(() => takeLock(), { message: 'another run of this test holds sw.js' }).toBe(true);
  const original = fs.readFileSync(swFile, 'utf8');
  const release = crypto.randomBytes(4).toString('hex');
  try {
    // A new build: another sw.js, which here also answers a message with its release, so the test can tell which worker runs the page.
    fs.writeFileSync(swFile, `${original}\nself.addEventListener('message', (event) => { if (event.data === 'e2e-release') event.ports[0].postMessage('${release}'); });\n`);
    await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-ready');
    await expect(prompt).toContainText('A new version is ready');
    // Until then the old worker keeps serving the page it started.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await shootLooks(page, SHOTS, 'update-ready');

    await page.evaluate(() => Object.assign(window, { e2eOldPage: true }));
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The page reloaded (the old page's window is gone) under the new worker.
    await page.waitForFunction(() => !('e2eOldPage' in window) && navigator.serviceWorker.controller !== null);
    const running = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage('e2e-release', [channel.port2]);
        }),
    );
    expect(running).toBe(release);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(page.getByTestId('update-ready')).toBeHidden();
  } finally {
    fs.writeFileSync(swFile, original);
    fs.rmdirSync(swLock);
  }
});
