import { expect, test, type Page } from './support/test';
import { ACCOUNT_TEXTS } from '../common/account/account';
import { E2E } from './support/env';
import { expectNoSidewaysScroll } from './support/looks';
import { linkFrom, waitForMail } from './support/mail';
import { skipTutorial } from './support/tutorial';
import { newPerson, signUpThroughApi, signUpThroughUi } from './support/users';

/** Waits for a toast, then closes it so it cannot cover what the test clicks next. */
async function expectToast(page: Page, message: string) {
  const toast = page.getByTestId('toast').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
}

/** Fills the sign-in form and submits it; the caller checks the outcome. */
async function submitSignIn(page: Page, email: string, password: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function expectSignedIn(page: Page) {
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByTestId('account-menu-trigger').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-link')).toBeVisible();
}

test('a forgotten password is reset from the emailed link, which signs the writer in', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('forgot'));
  // Signed out, as someone who forgot their password would be.
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByTestId('sign-in-form').getByLabel('Email').fill(person.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((url) => url.pathname === '/forgot-password');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.forgotAnswer)).toBeVisible();

  const mail = await waitForMail(person.email, 'Reset your Drabble password');
  await page.goto(linkFrom(mail, '/reset-password'));
  const newPassword = 'a brand new secret 2';
  const password = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password');
  await password.fill(newPassword);
  await confirmation.fill('a different secret 3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  // What was typed stays.
  await expect(password).toHaveValue(newPassword);
  await confirmation.fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expectToast(page, ACCOUNT_TEXTS.passwordReset);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();

  // The link is used up.
  await page.goto(linkFrom(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('yet another secret 4');
  await page.getByLabel('Confirm new password').fill('yet another secret 4');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByTestId('auth-error')).toHaveText(ACCOUNT_TEXTS.linkInvalid);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');

  await page.goto('/');
  await signOut(page);
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByTestId('auth-error')).toHaveText(ACCOUNT_TEXTS.invalidCredentials);
  await submitSignIn(page, person.email, newPassword);
  await expectSignedIn(page);
});

test('settings change the display name', async ({ page }) => {
  await signUpThroughApi(page, newPerson('settings', 'Sam Settings'));
  await page.goto('/');
  await page.getByTestId('account-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  for (const name of ['Display name', 'Email', 'Password', 'Connected accounts', 'Active sessions']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();

  // Display name: the menu follows at once, and after a reload.
  const nameSection = page.getByRole('region', { name: 'Display name', exact: true });
  const nameInput = nameSection.getByLabel('Display name');
  await expect(nameInput).toHaveValue('Sam Settings');
  await nameInput.fill('Sally Settings');
  await nameSection.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, ACCOUNT_TEXTS.nameUpdated);
  await page.reload();
  await expect(nameInput).toHaveValue('Sally Settings');
  await page.getByTestId('account-menu-trigger').click();
  await expect(page.getByTestId('account-menu-name')).toHaveText('Sally Settings');
  await page.keyboard.press('Escape');
});

// Its own test: the password's hashing and a second browser's sign-ins take a while on a loaded machine.
test('settings change the password, and only the new one signs in elsewhere', async ({ page, browser }) => {
  const person = await signUpThroughApi(page, newPerson('password', 'Pat Password'));
  await page.goto('/settings');
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();

  // Password: a wrong current password is refused and nothing typed is lost.
  const newPassword = 'settings secret 22';
  const passwordSection = page.getByRole('region', { name: 'Password', exact: true });
  const current = passwordSection.getByLabel('Current password');
  const next = passwordSection.getByLabel('New password', { exact: true });
  const confirmation = passwordSection.getByLabel('Confirm new password');
  await current.fill('not my password');
  await next.fill(newPassword);
  await confirmation.fill(`${newPassword}!`);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('Passwords do not match.')).toBeVisible();
  await confirmation.fill(newPassword);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  // Beside the form, like the other refusals, not a toast.
  await expect(passwordSection.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.wrongCurrentPassword);
  await expect(current).toHaveValue('not my password');
  await expect(next).toHaveValue(newPassword);
  await current.fill(person.password);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, ACCOUNT_TEXTS.passwordChanged);
  await expect(current).toHaveValue('');

  // A fresh browser signs in with the new password only.
  const other = await browser.newContext({ baseURL: E2E.baseUrl });
  try {
    const otherPage = await other.newPage();
    await skipTutorial(otherPage);
    await submitSignIn(otherPage, person.email, person.password);
    await expect(otherPage.getByTestId('auth-error')).toHaveText(ACCOUNT_TEXTS.invalidCredentials);
    const streaming = otherPage.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
    await submitSignIn(otherPage, person.email, newPassword);
    await expectSignedIn(otherPage);
    await streaming;

    // That browser shows up among the sessions here, and can be signed out from here.
    await page.reload();
    await expect(sessions.getByTestId('session')).toHaveCount(2);
    await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expectToast(page, ACCOUNT_TEXTS.otherSessionsRevoked);
    await expect(sessions.getByTestId('session')).toHaveCount(1);
    // Its open tab hears at once that its session ended, and signs out without a reload.
    await expect(otherPage.getByTestId('login-link')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('connecting a provider account with another email address is refused with a clear message', async ({ page }) => {
  await signUpThroughApi(page, newPerson('connect'));
  await page.goto('/settings');
  const providers = page.getByRole('region', { name: 'Connected accounts' });
  await providers.getByRole('button', { name: 'Connect Google' }).click();
  // The mock provider signs in as E2E.google.person, whose address differs.
  await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('provider') === 'google');
  await expect(providers.getByRole('alert')).toHaveText('That Google account uses a different email address.');
  await expect(providers.getByTestId('provider-google')).toContainText('Not connected');
  await providers.getByRole('button', { name: 'Dismiss' }).click();
  await expect(providers.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(`${E2E.baseUrl}/settings`);
});

test('a new writer sees the verification banner until the emailed link is opened', async ({ page }) => {
  const person = await signUpThroughUi(page, newPerson('verify'));
  const banner = page.getByRole('status', { name: 'Email verification' });
  await expect(banner).toContainText(ACCOUNT_TEXTS.verifyBanner(person.email));

  // Sign-up sent the first link; a resend replaces it, so the test waits for the newer one.
  const first = linkFrom(await waitForMail(person.email, 'Verify your email address for Drabble'), '/verify-email');
  await banner.getByRole('button', { name: ACCOUNT_TEXTS.resendVerification }).click();
  await expectToast(page, ACCOUNT_TEXTS.verificationSent);
  let newest = first;
  await expect
    .poll(async () => {
      newest = linkFrom(await waitForMail(person.email, 'Verify your email address for Drabble'), '/verify-email');
      return newest;
    })
    .not.toBe(first);

  await page.goto(newest);
  await expect(page.getByText(ACCOUNT_TEXTS.emailVerified)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('on a 360 px phone a long unbroken story title does not widen the profile', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpThroughApi(page, newPerson('narrow'));
  const title = `Supercalifragilistic${'x'.repeat(100)}`;
  expect(title).toHaveLength(120);
  const res = await page.request.post('/api/stories', {
    data: { title, content: 'The title was longer than the story.', public: true },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/profile');
  await expect(page.getByTestId('recent-item').filter({ hasText: title })).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  // The settings screen, with its banner, fits too.
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
