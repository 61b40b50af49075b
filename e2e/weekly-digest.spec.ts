import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { DIGEST_TEXTS } from '../common/digest/rules';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { writerInOwnContext } from './support/users';

// The weekly digest: a reader switches it on in Settings and picks the day and hour; the emailed unsubscribe page stops it, signed out.
const SHOTS = 'e2e/screenshots/weekly-digest';

/**
 * The link a digest would carry, signed as server/features/digest/unsubscribe.ts signs it, with
 * the test server's own secret (generated in its data directory): sending the digest at its
 * hour is the API tests' job.
 */
function digestToken(uid: string): string {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
  const key = crypto.createHmac('sha256', secret).update('drabble:weekly-digest-unsubscribe').digest();
  return `${uid}.${crypto.createHmac('sha256', key).update(uid).digest('base64url')}`;
}

async function digestOf(page: Page): Promise<{ on: boolean; weekday: number; hour: number; nextAt: string | null }> {
  const res = await page.request.get('/api/me/digest');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { digest: { on: boolean; weekday: number; hour: number; nextAt: string | null } }).digest;
}

test('a reader switches the weekly digest on in Settings and chooses its day and hour', async ({ browser }) => {
  const { page } = await writerInOwnContext(browser, 'Dora');
  await page.goto('/settings#weekly-digest');
  const section = page.getByTestId('settings-digest');
  await expect(section.getByRole('heading', { name: DIGEST_TEXTS.title })).toBeVisible();
  const toggle = section.getByRole('switch', { name: DIGEST_TEXTS.switchLabel });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByLabel(DIGEST_TEXTS.dayLabel)).toBeDisabled();
  // The settings index links to it.
  await expect(page.getByRole('link', { name: DIGEST_TEXTS.title }).first()).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByLabel(DIGEST_TEXTS.dayLabel)).toBeEnabled();
  await section.getByLabel(DIGEST_TEXTS.dayLabel).selectOption({ label: 'Wednesday' });
  await expect(section.getByLabel(DIGEST_TEXTS.dayLabel)).toBeEnabled();
  await section.getByLabel(DIGEST_TEXTS.hourLabel).selectOption({ label: '18:00' });
  await expect(section.getByTestId('digest-when')).toContainText(/Next: Wednesday, .* 18:00\./);
  await expect.poll(async () => digestOf(page)).toMatchObject({ on: true, weekday: 3, hour: 18 });

  // Kept across a reload.
  await page.reload();
  await expect(section.getByRole('switch', { name: DIGEST_TEXTS.switchLabel })).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByLabel(DIGEST_TEXTS.dayLabel)).toHaveValue('3');
  await expect(section.getByLabel(DIGEST_TEXTS.hourLabel)).toHaveValue('18');
  await shootLooks(page, SHOTS, 'settings', { target: section, scroll: true, axe: true });
});

test('the emailed unsubscribe link stops the digest signed out, with one press; opening it changes nothing; a forged one says so', async ({ browser }) => {
  const { page, uid } = await writerInOwnContext(browser, 'Uma');
  const on = await page.request.put('/api/me/digest', { data: { on: true, weekday: 7, hour: 9 }, headers: { origin: E2E.baseUrl } });
  expect(on.status(), await on.text()).toBe(200);
  expect((await digestOf(page)).on).toBe(true);

  const guest = await (await browser.newContext()).newPage();
  await skipTutorial(guest);
  // The List-Unsubscribe URL opened in a browser leads to the confirmation page.
  await guest.goto(`/api/digest/unsubscribe?token=${encodeURIComponent(digestToken(uid))}`);
  await expect(guest).toHaveURL(/\/digest\/unsubscribe\?token=/);
  const card = guest.getByRole('main');
  await expect(card.getByRole('heading', { level: 1, name: DIGEST_TEXTS.unsubscribeTitle })).toBeVisible();
  expect((await digestOf(page)).on).toBe(true);
  await shootLooks(guest, SHOTS, 'unsubscribe', { target: guest.getByTestId('digest-unsubscribe'), axe: true });

  await card.getByRole('button', { name: DIGEST_TEXTS.unsubscribeButton }).click();
  await expect(card.getByRole('status')).toHaveText(DIGEST_TEXTS.unsubscribed);
  await expect(card.getByRole('button', { name: DIGEST_TEXTS.unsubscribeButton })).toHaveCount(0);
  expect(await digestOf(page)).toMatchObject({ on: false, nextAt: null });
  await shootLooks(guest, SHOTS, 'unsubscribed', { target: guest.getByTestId('digest-unsubscribe'), axe: true });

  await guest.goto(`/digest/unsubscribe?token=${uid}.forgedforgedforged`);
  await card.getByRole('button', { name: DIGEST_TEXTS.unsubscribeButton }).click();
  await expect(card.getByRole('alert')).toHaveText(DIGEST_TEXTS.invalidToken);
  await guest.goto('/digest/unsubscribe');
  await expect(card.getByRole('alert')).toHaveText(DIGEST_TEXTS.invalidToken);
  await expect(card.getByRole('button', { name: DIGEST_TEXTS.unsubscribeButton })).toHaveCount(0);
});
