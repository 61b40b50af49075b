import { expect, test } from './support/test';
import { ACCOUNT_TEXTS } from '../common/account/account';
import { PASSWORD_TEXTS } from '../common/account/passwords';
import { shootLooks } from './support/looks';
import { linkFrom, waitForMail } from './support/mail';
import { skipTutorial } from './support/tutorial';
import { newPerson, signUpThroughApi } from './support/users';

const SHOTS = '/tmp/shots-passwords';

test('the sign-up form shows a strength meter as you type, and the server refuses a common password in words', async ({ page }) => {
  await skipTutorial(page);
  const person = newPerson('meter', 'Mabel Meter');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByTestId('sign-up-form');
  const meter = form.getByTestId('password-strength');
  await expect(meter).toBeHidden();
  await form.getByLabel('Display name (optional)').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  const password = form.getByLabel('Password');

  await password.fill('abc');
  await expect(meter).toContainText('Strength: Too short');
  // The display name inside the password: refused before sending, in the server's words.
  await password.fill('hello mabel meter');
  await expect(meter).toContainText('Strength: Too easy to guess');
  await expect(meter).toContainText(PASSWORD_TEXTS.tooEasy);

  // On the breached list: the meter (zxcvbn, loaded on demand) calls it weak, the server refuses it.
  await password.fill('baseball1');
  await expect(meter).toContainText('Strength: Weak');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toHaveText(PASSWORD_TEXTS.tooEasy);
  await shootLooks(page, SHOTS, 'sign-up-refused', { target: form, axe: true });

  await password.fill('violet kettle under nine moons');
  await expect(meter).toContainText('Strength: Strong');
  // The refusal was about the password typed before.
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(meter.locator('span.rounded-full')).toHaveCount(4);
  await shootLooks(page, SHOTS, 'sign-up-strong', { target: form, axe: true });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('changing the password in Settings shows the meter and the refusal of a common password', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('change', 'Cora Change'));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password', exact: true });
  const meter = section.getByTestId('password-strength');
  await section.getByLabel('Current password').fill(person.password);
  const next = section.getByLabel('New password', { exact: true });
  await next.fill('sunshine1');
  await section.getByLabel('Confirm new password').fill('sunshine1');
  await expect(meter).toContainText('Strength: Weak');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert')).toHaveText(PASSWORD_TEXTS.tooEasy);
  await section.scrollIntoViewIfNeeded();
  await shootLooks(page, SHOTS, 'settings-refused', { target: section, scroll: true, axe: true });

  await next.fill('cora change forever');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(meter).toContainText('Strength: Too easy to guess');
  await next.fill('a quiet harbour at dawn');
  await section.getByLabel('Confirm new password').fill('a quiet harbour at dawn');
  await expect(meter).toContainText(/Strength: (Good|Strong)/);
  await shootLooks(page, SHOTS, 'settings-good', { target: section, scroll: true });
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: ACCOUNT_TEXTS.passwordChanged })).toBeVisible();
});

test('the reset-password screen shows the meter and the refusal of a common password, and the link still works after it', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('reset', 'Rhea Reset'));
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.forgotAnswer)).toBeVisible();
  await page.goto(linkFrom(await waitForMail(person.email, 'Reset your Drabble password'), '/reset-password'));

  const form = page.getByTestId('reset-password-form');
  const meter = form.getByTestId('password-strength');
  const password = form.getByLabel('New password', { exact: true });
  await password.fill('football1');
  await form.getByLabel('Confirm new password').fill('football1');
  await expect(meter).toContainText('Strength: Weak');
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form.getByRole('alert')).toHaveText(PASSWORD_TEXTS.tooEasy);

  await password.fill('a quiet harbour at dawn');
  await form.getByLabel('Confirm new password').fill('a quiet harbour at dawn');
  await expect(meter).toContainText(/Strength: (Good|Strong)/);
  await form.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
