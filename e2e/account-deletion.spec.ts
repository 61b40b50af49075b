import { expect, test, type Locator, type Page } from './support/test';
import { YOUR_DATA_TEXTS } from '../common/your-data/your-data';
import { newPerson, signUpThroughUi } from './support/users';
import { shootLooks } from './support/looks';

// A whole account's life (sign-up, delete, sign in, cancel) and its screens light, dark and at 375 px: 20–30 s under load.

const SHOTS = '/tmp/shots-account-deletion';

/** Light and dark (the system's scheme: the new account has no saved mode), wide and at 375 px. */
const shoot = (page: Page, name: string, target?: Locator) => shootLooks(page, SHOTS, name, { target });


async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('a writer deletes their account from Settings, is signed out, signs in again and cancels the deletion', async ({ page }) => {
  const person = await signUpThroughUi(page, newPerson('leaving', 'Leaving Writer'));

  await page.goto('/settings');
  const section = page.getByTestId('delete-account-section');
  await expect(section.getByRole('heading', { name: YOUR_DATA_TEXTS.deleteAccount })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'section', section);
  await section.getByTestId('delete-account').click();
  const dialog = page.getByTestId('delete-account-dialog');
  await expect(dialog).toBeVisible();

  // The wrong address is refused beside the field, and what was typed stays.
  const field = dialog.getByLabel(YOUR_DATA_TEXTS.deleteConfirmLabel);
  await field.fill('someone.else@example.com');
  await dialog.getByTestId('delete-account-confirm').click();
  await expect(dialog.getByRole('alert')).toHaveText(YOUR_DATA_TEXTS.deleteEmailMismatch);
  await expect(field).toHaveValue('someone.else@example.com');
  await shoot(page, 'delete-dialog');

  await field.fill(person.email.toUpperCase());
  await dialog.getByTestId('delete-account-confirm').click();
  // Signed out everywhere, this tab included, with the date in a toast.
  await expect(page.getByTestId('toast').filter({ hasText: /will be deleted on/ })).toBeVisible();
  await expect(page.getByTestId('login-link')).toBeVisible();

  // Signing in again shows the deactivated screen instead of the app.
  await signIn(page, person.email, person.password);
  const screen = page.getByTestId('deactivated-screen');
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId('deactivated-message')).toContainText('Your account is deactivated and will be deleted on');
  await expect(screen.getByRole('link', { name: YOUR_DATA_TEXTS.downloadEverything })).toHaveAttribute('href', '/api/export/download');
  await page.goto('/settings');
  await expect(page.getByTestId('deactivated-screen')).toBeVisible();
  await shoot(page, 'deactivated');

  await page.getByRole('button', { name: YOUR_DATA_TEXTS.cancelDeletion }).click();
  await expect(page.getByTestId('toast').filter({ hasText: YOUR_DATA_TEXTS.deletionCancelled })).toBeVisible();
  await expect(page.getByTestId('deactivated-screen')).toHaveCount(0);
  // The app works again: Settings shows, and the account menu is there.
  await expect(page.getByTestId('delete-account-section')).toBeVisible();
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { deactivatedAt: string | null } }).user.deactivatedAt).toBeNull();
});
