import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { HANDLE_TEXTS } from '../common/handles/texts';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi, writerInOwnContext } from './support/users';

// Handles: Settings shows and changes one, /@handle shows the profile (an old handle leads there too).
const SHOTS = 'e2e/screenshots/handles';

async function myHandle(page: Page): Promise<{ uid: string; handle: string }> {
  const res = await page.request.get('/api/me');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { uid: string; handle: string } }).user;
}

test('a writer sees their handle in Settings, changes it, and is found at /@handle and at their old one', async ({ page, browser }) => {
  const name = `Hana Handle ${crypto.randomBytes(3).toString('hex')}`;
  await signUpThroughApi(page, newPerson('handles', name));
  const { uid, handle: first } = await myHandle(page);
  // Another writer, whose handle is taken.
  const other = await writerInOwnContext(browser, 'Otto');
  const taken = (await myHandle(other.page)).handle;

  await page.goto('/settings');
  const section = page.getByRole('region', { name: HANDLE_TEXTS.label, exact: true });
  await expect(section.getByTestId('current-handle')).toHaveText(`@${first}`);
  await expect(section.getByTestId('handle-address')).toHaveText(`@${first}@${new URL(page.url()).host}`);
  const field = section.getByLabel(HANDLE_TEXTS.newLabel);
  await expect(field).toHaveValue(first);
  const save = section.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await test.step('the rule’s sentence shows beside the form, before anything is sent', async () => {
    await field.fill('ab');
    await save.click();
    await expect(section.getByRole('alert')).toHaveText(HANDLE_TEXTS.tooShort);
    await field.fill('hana handle');
    await save.click();
    await expect(section.getByRole('alert')).toHaveText(HANDLE_TEXTS.characters);
    await field.fill('admin');
    await save.click();
    await expect(section.getByRole('alert')).toHaveText(HANDLE_TEXTS.reserved);
  });

  await test.step('a handle someone else has is refused by the server, beside the form', async () => {
    await field.fill(`@${taken.toUpperCase()}`);
    await save.click();
    await expect(section.getByRole('alert')).toHaveText(HANDLE_TEXTS.taken);
    await expect(section.getByTestId('current-handle')).toHaveText(`@${first}`);
  });

  const next = `hana_${crypto.randomBytes(4).toString('hex')}`;
  await test.step('a free one is saved: the section shows it at once', async () => {
    await field.fill(`@${next}`);
    await save.click();
    await expect(page.getByTestId('toast').filter({ hasText: HANDLE_TEXTS.updated })).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(section.getByTestId('current-handle')).toHaveText(`@${next}`);
    await expect(section.getByTestId('handle-address')).toHaveText(`@${next}@${new URL(page.url()).host}`);
    await shootLooks(page, SHOTS, 'settings-handle', { target: section, scroll: true, axe: true });
  });

  await test.step('/@handle shows the profile, with @handle under the name', async () => {
    await section.getByTestId('current-handle').click();
    await expect(page).toHaveURL(new RegExp(`/@${next}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('public-handle')).toHaveText(`@${next}`);
    await shootLooks(page, SHOTS, 'profile-by-handle', { target: page.getByTestId('public-identity'), axe: true });
  });

  await test.step('the old handle, and the handle in capitals, lead to the same profile at its address now', async () => {
    for (const asked of [first, next.toUpperCase()]) {
      await page.goto(`/@${asked}`);
      await expect(page).toHaveURL(new RegExp(`/@${next}$`));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
  });

  await test.step('/user/:uid still shows the profile, and a guest finds it by handle too', async () => {
    await page.goto(`/user/${uid}`);
    await expect(page.getByTestId('public-handle')).toHaveText(`@${next}`);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/@${next}`);
    await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  await test.step('a handle nobody has is "User not found"; an address that is no handle is "Page not found"', async () => {
    await page.goto(`/@nobody_${crypto.randomBytes(4).toString('hex')}`);
    await expect(page.getByTestId('user-not-found')).toContainText('User not found');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
