import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from './support/test';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { waitForMail } from './support/mail';
import { newPerson, signUpThroughApi, type TestPerson } from './support/users';

// Passkeys: added in Settings with Chromium's virtual authenticator (a platform
// authenticator that keeps discoverable keys and checks the person), then used to sign in.
const SHOTS = 'e2e/screenshots/passkeys';

/** The device's fingerprint reader, as Chromium's DevTools protocol offers one: it always says yes. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** Two-factor on through the API, as the two-factor test does it through Settings. */
async function turnOnTwoFactor(page: Page, person: TestPerson) {
  const headers = { origin: E2E.baseUrl };
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: person.password }, headers });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const totp = OTPAuth.URI.parse(((await enabled.json()) as { totpURI: string }).totpURI);
  const confirmed = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp.generate() }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test('adding a passkey in Settings, signing in with it instead of the password and code, renaming and removing it', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('passkey', 'Pat Passkey'));
  await turnOnTwoFactor(page, person);
  await addVirtualAuthenticator(page);

  await page.goto('/settings#passkeys');
  const section = page.getByTestId('settings-passkeys');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // The browser made the key; now it gets a name.
  const naming = section.getByTestId('passkey-name-new');
  await expect(naming.getByLabel('Name this passkey')).toHaveValue(/ on /);
  await naming.getByLabel('Name this passkey').fill('Work laptop');
  await naming.getByRole('button', { name: 'Save passkey' }).click();
  const row = section.getByTestId('passkey');
  await expect(row.getByTestId('passkey-name')).toHaveText('Work laptop');
  await expect(row).toContainText(`Added ${new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`);
  await waitForMail(person.email, 'A passkey was added to your Drabble account');
  await expect(page.getByText('Passkey added.')).toBeHidden();
  await shootLooks(page, SHOTS, 'settings', { target: section, scroll: true, axe: true });

  // Signed out, the same device signs in with its passkey: no email, password or two-factor code.
  await page.getByTestId('account-menu-trigger').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-link')).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(page.getByTestId('two-factor-step')).toHaveCount(0);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { email: string } };
  expect(session.user.email).toBe(person.email);

  // Renamed, then removed after a confirmation.
  await page.goto('/settings#passkeys');
  await section.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = section.getByTestId('passkey-rename');
  await rename.getByLabel('New name for Work laptop').fill('Pat’s laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('passkey-name')).toHaveText('Pat’s laptop');
  await section.getByRole('button', { name: 'Remove Pat’s laptop' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('“Pat’s laptop” will no longer sign you in to Drabble.');
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
