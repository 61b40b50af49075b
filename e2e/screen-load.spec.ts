import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { DOWNLOAD_RETRY_DELAYS_MS } from '../common/shared/limits';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { signUpThroughApi } from './support/users';

const SHOTS = 'test-results/shots-screen-load';
const FAILED = "Couldn't load this page. You may be offline.";
const FAVORITES_FILE = '**/assets/FavoritesScreen-*.js';

async function signedInAtHome(page: Page) {
  await signUpThroughApi(page);
  await page.goto('/');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
}

test('offline, a screen not loaded yet fails inside the page with the bar kept; Retry opens it once back online', async ({ page, context }) => {
  await signedInAtHome(page);
  await context.setOffline(true);
  await page.getByTestId('nav-link-favorites').click();

  const failed = page.getByTestId('screen-load-failed');
  await expect(failed.getByRole('heading')).toHaveText(FAILED);
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('nav-link-stories')).toBeVisible();
  await expect(page.getByTestId('error-fallback')).toHaveCount(0);
  await shootLooks(page, SHOTS, 'offline-page');
  await shootLooks(page, SHOTS, 'offline', { target: failed, axe: true });

  // Still offline: Retry tries again and says so again.
  const retry = failed.getByRole('button', { name: 'Retry' });
  await retry.click();
  await expect(failed.getByRole('heading')).toHaveText(FAILED);
  await expect(retry).toBeEnabled();

  await context.setOffline(false);
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Favorites', level: 1 })).toBeVisible();
  await expect(failed).toHaveCount(0);

  // Loaded now: leaving and coming back shows it at once.
  await page.getByTestId('nav-link-stories').click();
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await page.getByTestId('nav-link-favorites').click();
  await expect(page.getByRole('heading', { name: 'Favorites', level: 1 })).toBeVisible();
});

test('after a new release, a screen whose file is gone reloads the page once for the new files, and no more', async ({ page }) => {
  await signedInAtHome(page);
  // The app's own script, after the ones it imports (the runtime, the framework).
  const entry = await page.locator('script[type="module"][src]').last().getAttribute('src');
  expect(entry).toMatch(/^\/assets\/app-/);
  // The deployed files changed: the old screen's file is gone, and index.html names another entry.
  await page.route(FAVORITES_FILE, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
  await page.route(`${E2E.baseUrl}/`, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.fallback();
    const response = await route.fetch();
    return route.fulfill({ response, body: (await response.text()).replace(entry ?? '', '/assets/app-next.js') });
  });
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.getByTestId('nav-link-favorites').click();
  // One reload, at /favorites; the file is still missing there, so the message instead of another.
  // The app tries each download three times with pauses before it decides, once before the
  // reload and once after: a person waits those pauses twice, beside the usual 5 s.
  const pauses = DOWNLOAD_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
  await expect(page.getByTestId('screen-load-failed').getByRole('heading')).toHaveText(FAILED, { timeout: 5_000 + 2 * pauses });
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/favorites$/);

  await page.unroute(FAVORITES_FILE);
  await page.getByTestId('screen-load-failed').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Favorites', level: 1 })).toBeVisible();
  expect(loads).toBe(1);
});

test('a search that cannot refresh says so with Retry, instead of staying dimmed', async ({ page, context }) => {
  await signUpThroughApi(page);
  const word = `lanternfish${crypto.randomBytes(3).toString('hex')}`;
  const res = await page.request.post('/api/stories', { data: { title: `The ${word}`, content: `A ${word} in the deep.`, public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(`/community?q=${word}`);
  const cards = page.getByTestId('story-card');
  await expect(cards).toHaveCount(1);
  const notice = page.getByTestId('refresh-failed');

  // Offline, a new search waits for a connection: the old results stay, undimmed, and say why.
  await context.setOffline(true);
  await page.getByTestId('community-search').fill(`${word} nothing`);
  await expect(notice).toContainText("Couldn't refresh. Check your connection.");
  await expect(page).toHaveURL(/nothing/);
  await expect(cards).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.opacity-60')).toHaveCount(0);
  await shootLooks(page, SHOTS, 'refresh-failed', { target: notice, axe: true });
  // Retry while still offline: the request waits again, and the notice stays.
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toContainText("Couldn't refresh. Check your connection.");

  // Back online, the waiting search goes out by itself.
  await context.setOffline(false);
  await expect(page.getByText('No stories match.')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
