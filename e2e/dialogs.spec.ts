import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { writerInOwnContext } from './support/users';

/*
 * The shared dialogs (web/components): none has a Radix trigger, so closing one used to leave
 * the focus on <body>, and a keyboard user at the top of the page. Closing one returns the focus
 * to the button that opened it.
 */

test('Escape on a confirm question returns the focus to the button that asked it, every time', async ({ browser }) => {
  const writer = await writerInOwnContext(browser, 'Wren');
  const page = writer.page;
  const res = await page.request.post('/api/stories', {
    data: { title: `Kept ${crypto.randomBytes(3).toString('hex')}`, content: 'A story nobody deletes today.' },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;

  await page.goto(`/story/${id}`);
  const opener = page.getByTestId('delete-story');
  const dialog = page.getByTestId('confirm-dialog');
  // The first opening loads the dialog's code; the second finds it mounted.
  for (let time = 0; time < 2; time += 1) {
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
  await dialog.page().context().close();
});

test('closing a form dialog, by Escape or Cancel, returns the focus to the button that opened it', async ({ browser }) => {
  const writer = await writerInOwnContext(browser, 'Wren');
  const page = writer.page;
  await page.goto('/settings#delete-account');
  const opener = page.getByTestId('delete-account');
  const dialog = page.getByTestId('delete-account-dialog');

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.context().close();
});
