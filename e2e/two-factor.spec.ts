import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from './support/test';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { waitForMail } from './support/mail';
import { newPerson, signUpThroughApi, type TestPerson } from './support/users';
import { skipTutorial } from './support/tutorial';

// Two-factor sign-in: turned on in Settings with the app's code, then asked at sign-in.
const SHOTS = 'e2e/screenshots/two-factor';

test('turning on two-factor in Settings: the password, the QR code and one code, then recovery codes to keep', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('twofactor', 'Tess Twofactor'));
  await page.goto('/settings#two-factor');
  const section = page.getByTestId('settings-two-factor');
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await shootLooks(page, SHOTS, 'settings-off', { target: section, scroll: true, axe: true });

  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await section.getByLabel('Password').fill('not my password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('alert')).toHaveText('Current password is incorrect.');
  await section.getByLabel('Password').fill(person.password);
  await section.getByRole('button', { name: 'Continue' }).click();

  // The key the page shows is the one in the QR code: what an app would read.
  await expect(section.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.replace(/\s+/g, '');
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), issuer: 'Drabble', label: person.email });
  await shootLooks(page, SHOTS, 'settings-scan', { target: section, scroll: true, axe: true });
  await section.getByLabel('Code from the app').fill(totp.generate());
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByTestId('two-factor-recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('drabble-recovery-codes.txt');
  await shootLooks(page, SHOTS, 'settings-recovery-codes', { target: section, scroll: true, axe: true });
  await codes.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByTestId('two-factor-on')).toHaveText('Two-factor sign-in is on.');
  await shootLooks(page, SHOTS, 'settings-on', { target: section, scroll: true, axe: true });
  await waitForMail(person.email, 'Two-factor sign-in is on for your Drabble account');
});

/** A writer with two-factor turned on through the API, as Settings does it: the key and the recovery codes. */
async function writerWithTwoFactor(page: Page): Promise<{ person: TestPerson; totp: OTPAuth.TOTP; recoveryCodes: string[] }> {
  const person = await signUpThroughApi(page, newPerson('twofactor', 'Tess Twofactor'));
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: person.password }, headers: { origin: E2E.baseUrl } });
  expect(enabled.status()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect((await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp.generate() }, headers: { origin: E2E.baseUrl } })).status()).toBe(200);
  return { person, totp, recoveryCodes: backupCodes };
}

test('signing in with two-factor: a wrong code explained, then a code; in another browser a recovery code', async ({ page, browser }) => {
  const { person, totp, recoveryCodes } = await writerWithTwoFactor(page);

  // A new browser: the password, then the code.
  const context = await browser.newContext();
  const other = await context.newPage();
  await skipTutorial(other);
  await other.goto('/login');
  const form = other.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  const step = other.getByTestId('two-factor-step');
  await expect(step.getByLabel('Code')).toBeFocused();
  await step.getByLabel('Code').fill('000000' === totp.generate({ timestamp: Date.now() + 30_000 }) ? '111111' : '000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText('That code is not right. Check your app and try again.');
  await step.getByLabel('Code').fill('');
  await shootLooks(other, SHOTS, 'sign-in-code', { target: step, axe: true });
  await step.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await other.waitForURL((url) => url.pathname !== '/login');
  const me = await other.request.get('/api/auth/get-session');
  expect((await me.json()).user.email).toBe(person.email);
  await context.close();

  // Another new browser, with a recovery code.
  const third = await browser.newContext();
  const page3 = await third.newPage();
  await skipTutorial(page3);
  await page3.goto('/login');
  const form3 = page3.getByTestId('sign-in-form');
  await form3.getByLabel('Email').fill(person.email);
  await form3.getByLabel('Password').fill(person.password);
  await form3.getByRole('button', { name: 'Sign in' }).click();
  const step3 = page3.getByTestId('two-factor-step');
  await step3.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await shootLooks(page3, SHOTS, 'sign-in-recovery-code', { target: step3, axe: true });
  await step3.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await step3.getByRole('button', { name: 'Verify' }).click();
  await page3.waitForURL((url) => url.pathname !== '/login');
  await third.close();
});

test('the code step stands on its own: no Sign in / Sign up tabs, no header Login, and a way back to the password', async ({ page, browser }) => {
  const { person, totp } = await writerWithTwoFactor(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  await skipTutorial(other);
  await other.goto('/login?next=/settings');
  const form = other.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await expect(other.getByRole('tab', { name: 'Sign up' })).toBeVisible();
  await expect(other.getByTestId('login-link')).toBeVisible();
  await form.getByRole('button', { name: 'Sign in' }).click();

  // Between the password and the code the person is neither signed in nor choosing how to.
  const step = other.getByTestId('two-factor-step');
  await expect(step.getByLabel('Code')).toBeFocused();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Two-factor sign-in');
  await expect(other).toHaveTitle('Two-factor sign-in · Drabble');
  await expect(other.getByRole('tablist')).toHaveCount(0);
  await expect(other.getByTestId('login-link')).toHaveCount(0);
  await expect(other.getByTestId('sign-in-form')).toHaveCount(0);
  await shootLooks(other, SHOTS, 'sign-in-code-screen', { axe: true });

  // Start over: back to the password, the address still typed, the tabs and the Login button back.
  await step.getByRole('button', { name: 'Start over' }).click();
  await expect(form.getByLabel('Email')).toHaveValue(person.email);
  await expect(other.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('login-link')).toBeVisible();
  await expect(other.getByTestId('two-factor-step')).toHaveCount(0);

  // The browser's Back from the code step is a way back too; then the password and the code sign in, to `next`.
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(step.getByLabel('Code')).toBeFocused();
  await other.goBack();
  await expect(form.getByLabel('Password')).toBeVisible();
  await expect(other.getByRole('tablist')).toBeVisible();
  await other.goForward();
  await step.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await other.waitForURL((url) => url.pathname === '/settings');
  await context.close();
});

test('turning off two-factor in Settings with a code from the app instead of the password', async ({ page }) => {
  const { person, totp } = await writerWithTwoFactor(page);
  await page.goto('/settings#two-factor');
  const section = page.getByTestId('settings-two-factor');
  await expect(section.getByTestId('two-factor-on')).toHaveText('Two-factor sign-in is on.');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await section.getByRole('button', { name: 'Use a code instead' }).click();
  const field = section.getByLabel('Code from the app or a recovery code');
  await expect(field).toBeFocused();
  // The code after the one that turned it on: each code works once.
  const code = totp.generate({ timestamp: Date.now() + 30_000 });
  await field.fill(code === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByRole('alert')).toHaveText('That code is not right. Check your app and try again.');
  await shootLooks(page, SHOTS, 'settings-off-with-code', { target: section, scroll: true, axe: true });
  // Back to the password, and to the code again.
  await section.getByRole('button', { name: 'Use your password instead' }).click();
  await expect(section.getByLabel('Password')).toBeVisible();
  await section.getByRole('button', { name: 'Use a code instead' }).click();
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await section.getByRole('button', { name: 'Turn off' }).click();

  // Off, and this tab is still signed in with the new session.
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  const me = await page.request.get('/api/auth/get-session');
  expect((await me.json()).user.email).toBe(person.email);
  await waitForMail(person.email, 'Two-factor sign-in was turned off for your Drabble account');
});
