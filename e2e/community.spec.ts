import { expect, test, type Page } from './support/test';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';

// /community's filters live in the address: each filter, sort or toggle is a step Back undoes.
const SHOTS = 'e2e/screenshots/community';

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('Back undoes the community filters one by one; the search box follows the address', async ({ page }) => {
  await signUpThroughApi(page, newPerson('community', 'Cora Community'));
  await page.goto('/community');
  const genre = page.getByTestId('community-genre');
  const liked = page.getByTestId('community-sort').getByRole('button', { name: 'Most liked' });
  const perfect = page.getByTestId('community-perfect');
  const search = page.getByTestId('community-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();

  await test.step('typing a search replaces the entry; each filter adds one', async () => {
    await search.fill('lantern');
    await expect.poll(() => params(page)).toEqual({ q: 'lantern' });
    await genre.selectOption('Mystery');
    await expect.poll(() => params(page)).toEqual({ q: 'lantern', genre: 'Mystery' });
    await liked.click();
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await perfect.click();
    await expect(perfect).toHaveAttribute('aria-pressed', 'true');
    expect(params(page)).toEqual({ q: 'lantern', genre: 'Mystery', sort: 'liked', perfect: 'true' });
    // More typing refines the search in place: it is not a step of its own.
    await search.fill('lantern sea');
    await expect.poll(() => params(page)).toEqual({ q: 'lantern sea', genre: 'Mystery', sort: 'liked', perfect: 'true' });
  });

  await shootLooks(page, SHOTS, 'community-filters', { target: page.getByTestId('community-screen'), axe: true });

  await test.step('Back: the toggle, then the sort, then the genre', async () => {
    await page.goBack();
    await expect(perfect).toHaveAttribute('aria-pressed', 'false');
    expect(params(page)).toEqual({ q: 'lantern', genre: 'Mystery', sort: 'liked' });
    // The search went back with its step, and the box shows what the address says.
    await expect(search).toHaveValue('lantern');
    await page.goBack();
    await expect(liked).toHaveAttribute('aria-pressed', 'false');
    await expect(genre).toHaveValue('Mystery');
    await page.goBack();
    await expect(genre).toHaveValue('');
    expect(params(page)).toEqual({ q: 'lantern' });
    await expect(search).toHaveValue('lantern');
  });

  await test.step('Forward redoes them', async () => {
    await page.goForward();
    await expect(genre).toHaveValue('Mystery');
    await page.goForward();
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    // The box still says what the address says once a search's pause has passed: Back was not undone.
    await expect(search).toHaveValue('lantern');
    await expect.poll(() => params(page)).toEqual({ q: 'lantern', genre: 'Mystery', sort: 'liked' });
  });
});
