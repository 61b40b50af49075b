import { expect, test, type Locator, type Page } from './support/test';
import { ACCOUNT_TEXTS } from '../common/account/account';
import { DISPLAY_NAME_MAX } from '../common/shared/limits';
import { IMPORT_TEXTS } from '../common/your-data/your-data';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';
import { skipTutorial } from './support/tutorial';

// Settings: its section index, the sessions list, and refusals beside the fields; the sign-up name's limit.
const SHOTS = 'e2e/screenshots/settings';

/** The sections the index links to, in the page's order, by their headings. */
const SECTIONS = [
  'Display name',
  'Handle',
  'Email',
  'Password',
  'Two-factor sign-in',
  'Passkeys',
  'Connected accounts',
  'Active sessions',
  'Followers',
  'Fediverse',
  'Messages',
  'Notifications',
  'Weekly digest',
  'Blocked and muted writers',
  'Content warnings',
  'Followed tags',
  'Your data',
  'Delete my account',
];

/** The region's top is in the window, below the sticky top bar. */
async function expectScrolledTo(page: Page, region: Locator) {
  await expect(region).toBeInViewport();
  await expect.poll(async () => (await region.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(64);
}

test('the section index links to every section, on a desktop and on a phone, and Back returns', async ({ page }) => {
  await signUpThroughApi(page, newPerson('index', 'Ines Index'));
  await page.goto('/settings');
  const index = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(index.getByRole('link')).toHaveText(SECTIONS);
  await expect(page.getByRole('region', { name: 'Email', exact: true }).getByTestId('current-email')).toBeVisible();

  await index.getByRole('link', { name: 'Your data' }).click();
  await expect(page).toHaveURL(/\/settings#your-data$/);
  await expectScrolledTo(page, page.getByRole('region', { name: 'Your data' }));
  await page.goBack();
  await expect(page).toHaveURL(/\/settings$/);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(index).toBeVisible();
  await index.getByRole('link', { name: 'Active sessions' }).click();
  await expectScrolledTo(page, page.getByRole('region', { name: 'Active sessions' }));

  // A link from elsewhere (the deletion email's "Download everything") lands on its section.
  await page.goto('/');
  await page.goto('/settings#your-data');
  await expectScrolledTo(page, page.getByRole('region', { name: 'Your data' }));
});

test('sessions name this device and show a readable address; a wrong current password is refused beside its field', async ({ page }) => {
  const person = await signUpThroughApi(page, newPerson('sessions', 'Sid Sessions'));
  await page.goto('/settings');

  await test.step('this browser is "This device", at 127.0.0.1 (not ::ffff:127.0.0.1)', async () => {
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    const current = sessions.getByTestId('session');
    await expect(current).toHaveCount(1);
    await expect(current.getByTestId('session-device')).toHaveText('This device');
    await expect(current.getByTestId('session-details')).toContainText('Chrome on Linux');
    await expect(current.getByTestId('session-details')).toContainText('127.0.0.1 ·');
    await expect(current.getByTestId('session-details')).not.toContainText('::ffff:');
  });

  await test.step('password: the refusal shows under the form, the field is marked, no toast', async () => {
    const section = page.getByRole('region', { name: 'Password', exact: true });
    const current = section.getByLabel('Current password');
    await current.fill('not my password');
    await section.getByLabel('New password', { exact: true }).fill('brand new secret 9');
    await section.getByLabel('Confirm new password').fill('brand new secret 9');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.wrongCurrentPassword);
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    await expect(current).toHaveValue('not my password');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    // Typing again clears the mark.
    await current.fill(person.password);
    await expect(current).not.toHaveAttribute('aria-invalid');
  });

  await test.step('email: the same, for the password that confirms the change', async () => {
    const section = page.getByRole('region', { name: 'Email', exact: true });
    await section.getByLabel('New email').fill(`moved.${person.email}`);
    const current = section.getByLabel('Current password');
    await current.fill('not my password');
    await section.getByRole('button', { name: 'Change email' }).click();
    await expect(section.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.wrongCurrentPassword);
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  await shootLooks(page, SHOTS, 'settings', { target: page.getByTestId('settings-screen'), axe: true });
});

test('the sign-up form shows the display name’s 60-character limit', async ({ page }) => {
  await skipTutorial(page);
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByTestId('sign-up-form');
  const name = form.getByLabel('Display name (optional)');
  await expect(form.getByText(`Up to ${DISPLAY_NAME_MAX} characters.`)).toBeVisible();
  await expect(name).toHaveAttribute('maxlength', String(DISPLAY_NAME_MAX));
  await expect(name).toHaveAccessibleDescription(`Up to ${DISPLAY_NAME_MAX} characters.`);
  await shootLooks(page, SHOTS, 'sign-up', { target: form, axe: true });
});

test('importing the same file twice says "already imported" and links to the story it already is', async ({ page }) => {
  await signUpThroughApi(page, newPerson('reimport', 'Rhea Import'));
  await page.goto('/settings#your-data');
  const section = page.getByRole('region', { name: 'Your data' });
  const file = { name: 'lantern.md', mimeType: 'text/markdown', buffer: Buffer.from('# The Lantern\n\nShe lit the lantern.\n\nThe harbour answered.') };
  const report = section.getByTestId('import-report');

  await section.getByTestId('import-files').setInputFiles([file]);
  await expect(report).toContainText(IMPORT_TEXTS.imported(1));
  const link = report.getByTestId('import-imported').getByRole('link', { name: 'The Lantern' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/story\/[A-Za-z0-9]{20}$/);

  // The same story again, saved differently (Windows line ends, a trailing blank line), beside a new one.
  await section.getByTestId('import-files').setInputFiles([
    { ...file, name: 'lantern copy.md', buffer: Buffer.from('# The Lantern\r\n\r\nShe lit the lantern.\r\n\r\nThe harbour answered.\r\n\r\n') },
    { name: 'tide.md', mimeType: 'text/markdown', buffer: Buffer.from('# Tide\n\nThe sea came back.') },
  ]);
  const duplicate = report.getByRole('list', { name: 'Already imported' }).getByTestId('import-duplicate');
  await expect(duplicate).toHaveCount(1);
  await expect(report).toContainText(IMPORT_TEXTS.imported(1));
  await expect(duplicate).toContainText('(lantern copy.md)');
  await expect(duplicate.getByRole('link', { name: 'The Lantern' })).toHaveAttribute('href', href!);
  await expect(report.getByTestId('import-imported').getByRole('link', { name: 'Tide' })).toBeVisible();
  await shootLooks(page, SHOTS, 'import-again', { target: section, axe: true, scroll: true });

  // Only duplicates: the toast says so, and nothing new appears among the writer's stories.
  await section.getByTestId('import-files').setInputFiles([file]);
  await expect(page.getByTestId('toast').filter({ hasText: IMPORT_TEXTS.allAlreadyImported(1) })).toBeVisible();
  const mine = await page.request.get('/api/stories/mine');
  expect(((await mine.json()) as { stories: Array<{ title: string }> }).stories.map((s) => s.title).sort()).toEqual(['The Lantern', 'Tide']);
});

test('a choice of who can message me shows as made the moment it is clicked, and stays after a reload', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/settings');
  const everyone = page.getByTestId('settings-messages').getByRole('radio', { name: /^Everyone/ });
  await expect(everyone).not.toBeChecked();
  // Read in the click's own task: a controlled radio whose state arrives later (the save's
  // pending state comes a task after) was put back unchecked by React in between, and a quick
  // click (or Playwright's check()) saw its choice undone.
  expect(await everyone.evaluate((radio: HTMLInputElement) => (radio.click(), radio.checked))).toBe(true);
  await expect(page.getByText('Message settings saved.')).toBeVisible();
  await page.reload();
  await expect(everyone).toBeChecked();
});
