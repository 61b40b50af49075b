import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { E2E } from './support/env';
import { skipTutorial } from './support/tutorial';
import { newPerson, signUpThroughApi, signUpThroughUi } from './support/users';

const NAV_LINKS = ['My Stories', 'Community', 'Favorites', 'Feed', 'Friends', 'Messages'];

test('a new writer signs up, sees the six nav links, stays signed in across a reload and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const person = await signUpThroughUi(page, newPerson('nav', 'Ada Lovelace'));

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of NAV_LINKS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();

  await page.reload();
  for (const label of NAV_LINKS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();

  await page.getByTestId('account-menu-trigger').click();
  await expect(page.getByTestId('account-menu-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('account-menu-email')).toHaveText(person.email);
  await page.getByTestId('sign-out').click();

  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  for (const label of NAV_LINKS) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
});

test('the active nav link is highlighted', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/community');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Community', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Feed', exact: true })).not.toHaveAttribute('aria-current', 'page');
});

test('a signed-out visitor is sent to login and comes back after signing in', async ({ page }) => {
  const person = await signUpThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/friends');
  await expect(page).toHaveURL(/\/login\?next=%2Ffriends/);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill('wrong password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(form.getByLabel('Email')).toHaveValue(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/friends$/);
  await expect(page.getByRole('heading', { name: 'Friends' })).toBeVisible();
});

test('sign-up problems are explained on the form', async ({ page }) => {
  const taken = await signUpThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Email').fill(newPerson().email);
  await form.getByLabel('Password').fill('123');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toHaveText('Password must be at least 8 characters.');
  await form.getByLabel('Email').fill(taken.email);
  await form.getByLabel('Password').fill('long enough');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toHaveText('An account with this email already exists. Sign in instead.');
});

test('the login screen is usable with the keyboard alone', async ({ page }) => {
  const person = await signUpThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByTestId('sign-in-form').getByLabel('Email').focus();
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
});

for (const provider of ['Google', 'Microsoft'] as const) {
  test(`signs in with ${provider} through a local OpenID provider`, async ({ page }) => {
    const person = provider === 'Google' ? E2E.google.person : E2E.microsoft.person;
    await skipTutorial(page);
    await page.goto('/login?next=/favorites');
    await page.getByRole('button', { name: `Continue with ${provider}` }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await page.getByTestId('account-menu-trigger').click();
    await expect(page.getByTestId('account-menu-name')).toHaveText(person.name);
    await expect(page.getByTestId('account-menu-email')).toHaveText(person.email);
  });
}

test('admin screens are refused to a non-admin and open for the owner', async ({ page, browser }) => {
  await signUpThroughApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  // The owner address is an admin only once verified (signInAsAdmin opens the emailed link).
  await signInAsAdmin(owner);
  await owner.goto('/admin');
  await expect(owner.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await ownerContext.close();
});

test('unknown paths show the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('phone width collapses the nav into a menu with the same items', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpThroughApi(page);
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  for (const label of NAV_LINKS) await expect(page.getByRole('link', { name: label, exact: true }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});
