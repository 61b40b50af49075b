import { expect, type Page } from '@playwright/test';
import { THEME_MODES, type ThemeMode } from '../../common/me/theme';
import { THEME_MODE_STORAGE_KEY } from '../../web/app/theme/theme-storage';
import { E2E } from './env';

export { THEME_MODES, type ThemeMode };

export async function expectThemeMode(page: Page, mode: ThemeMode): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/** Saves a signed-in person's mode straight to their record (set-up for tests about something else). */
export async function saveThemeModeThroughApi(page: Page, mode: ThemeMode): Promise<void> {
  const res = await page.request.patch('/api/me/preferences', { data: { themeMode: mode }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A guest's remembered mode, in place before the app's scripts run. */
export async function rememberGuestThemeMode(page: Page, mode: string): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_MODE_STORAGE_KEY, mode] as const);
}

/** The person's record as the server has it. */
export async function fetchMe(page: Page): Promise<{ themeMode: string | null; colorTheme: string }> {
  const res = await page.request.get('/api/me');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { themeMode: string | null; colorTheme: string } }).user;
}
