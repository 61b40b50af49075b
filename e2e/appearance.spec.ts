import fs from 'node:fs';
import { expect, test, type Page, type Request } from './support/test';
import { ACCENT_COLORS } from '../common/me/theme';
import { expectThemeMode, fetchMe, rememberGuestThemeMode, saveThemeModeThroughApi, THEME_MODES } from './support/appearance';
import { nextLoggedEvent } from './support/event-log';
import { signUpThroughApi } from './support/users';
import { expectNoAxeViolations } from './support/axe';
import { shot } from './support/looks';

// The server allows 30 sign-ups an hour from one address, which the whole suite shares:
// tests as a signed-in writer cover several behaviours each, as steps.


function cycler(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByTestId('theme-cycler');
}

/** Clicks the theme cycler and waits until the new mode is logged (for a signed-in writer: saved, then logged). */
async function cycleTheme(page: Page, from: string, to: string) {
  const logged = nextLoggedEvent(page, 'theme_mode_changed');
  await cycler(page).click();
  expect((await logged).details).toEqual({ from, to });
  await expectThemeMode(page, to as (typeof THEME_MODES)[number]);
}

/** A guest's change stays in the browser: it is applied, and nothing is sent to the event log (guests may only report errors). */
async function cycleGuestTheme(page: Page, to: string) {
  const logged: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().endsWith('/api/logs')) logged.push(request.postData() ?? '');
  };
  page.on('request', onRequest);
  await cycler(page).click();
  await expectThemeMode(page, to as (typeof THEME_MODES)[number]);
  page.off('request', onRequest);
  expect(logged).toEqual([]);
}


test.describe('a guest', () => {
  test('cycles light → dark-blue → dark-gray → light, remembered across reloads', async ({ page }) => {
    await page.goto('/');
    await expectThemeMode(page, 'light');
    await cycleGuestTheme(page, 'dark-blue');
    await page.reload();
    await expectThemeMode(page, 'dark-blue');
    await expect(cycler(page)).toHaveAttribute('data-theme-mode', 'dark-blue');
    await cycleGuestTheme(page, 'dark-gray');
    await page.reload();
    await expectThemeMode(page, 'dark-gray');
    await cycleGuestTheme(page, 'light');
    await page.reload();
    await expectThemeMode(page, 'light');
    expect(await page.evaluate(() => window.localStorage.getItem('drabble.themeMode'))).toBe('light');
  });

  test('with no valid stored choice follows the system preference live, until choosing a mode', async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('drabble.themeMode', 'neon');
      window.localStorage.setItem('drabble.colorTheme', 'chartreuse');
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expectThemeMode(page, 'dark-blue');
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'blue');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectThemeMode(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectThemeMode(page, 'dark-blue');

    await cycleGuestTheme(page, 'dark-gray');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectThemeMode(page, 'dark-gray');
  });

  test('sees their choice in their other tabs too', async ({ page }) => {
    await page.goto('/');
    const second = await page.context().newPage();
    await second.goto('/login');
    await expectThemeMode(second, 'light');
    // Back to the first tab to choose there, as a person would (a tab behind another gets no
    // animation frames, so each click waited 1–2 s for the button to be "stable").
    await page.bringToFront();
    await cycleGuestTheme(page, 'dark-blue');
    await expectThemeMode(second, 'dark-blue');
    await page.getByTestId('accent-picker').click();
    await page.getByTestId('accent-teal').click();
    await expect(second.locator('html')).toHaveAttribute('data-accent', 'teal');
  });

  test('types a custom colour: validated as typed, Apply selects the nearest preset', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('accent-picker').click();
    const form = page.getByTestId('custom-color-form');
    const input = form.getByLabel('Custom colour');
    const apply = form.getByRole('button', { name: 'Apply' });
    await expect(form.getByText('Formats: #ff0000, rgb(255,0,0), 16711680, red')).toBeVisible();
    await expect(apply).toBeDisabled();
    await expect(form.getByRole('alert')).toHaveCount(0);

    for (const wrong of ['nope', '#12345', 'rgb(256,0,0)', '16777216', 'rgb(1,2)', '#ggg']) {
      await input.fill(wrong);
      await expect(form.getByRole('alert'), wrong).toHaveText('Invalid color format');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(apply).toBeDisabled();
      await input.press('Enter');
      await expect(page.locator('html')).toHaveAttribute('data-accent', 'blue');
    }
    await input.fill('');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(apply).toBeDisabled();

    await input.fill('  RGBA(139, 92, 246, 0.5) ');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(form.getByTestId('custom-color-result')).toHaveText('Selected the nearest preset: violet');
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'violet');
    await expect(page.getByTestId('accent-violet')).toHaveAttribute('aria-pressed', 'true');

    await input.fill('#0f0');
    await input.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'green');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'green');
  });
});

test('a signed-in writer’s choices are saved to their record, reach their other tab live, and a failed save changes nothing', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await expectThemeMode(page, 'light');
  expect((await fetchMe(page)).themeMode).toBeNull();
  const second = await page.context().newPage();
  // Opening a tab puts it in front; the person goes on in the first one.
  await page.bringToFront();

  await test.step('the mode is saved and survives a reload', async () => {
    await cycleTheme(page, 'light', 'dark-blue');
    expect((await fetchMe(page)).themeMode).toBe('dark-blue');
    await cycleTheme(page, 'dark-blue', 'dark-gray');
    await page.reload();
    await expectThemeMode(page, 'dark-gray');
    expect((await fetchMe(page)).themeMode).toBe('dark-gray');
    // The record is where it lives, not this browser's guest choice.
    expect(await page.evaluate(() => window.localStorage.getItem('drabble.themeMode'))).toBeNull();
  });

  await test.step('a second tab follows mode and accent changes live', async () => {
    await second.goto('/');
    await expect(second.getByTestId('account-menu-trigger')).toBeVisible();
    await expectThemeMode(second, 'dark-gray');
    await page.bringToFront();
    await cycleTheme(page, 'dark-gray', 'light');
    await expectThemeMode(second, 'light');

    await page.getByTestId('accent-picker').click();
    const changed = nextLoggedEvent(page, 'color_theme_changed');
    await page.getByTestId('accent-rose').click();
    expect((await changed).details).toEqual({ from: 'blue', to: 'rose' });
    await expect(page.getByTestId('accent-rose')).toHaveAttribute('aria-pressed', 'true');
    await expect(second.locator('html')).toHaveAttribute('data-accent', 'rose');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'rose');
    expect((await fetchMe(page)).colorTheme).toBe('rose');
  });

  await test.step('a failed save leaves the mode as it was and only tells the console', async () => {
    await second.close();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.route('**/api/me/preferences', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Try later.' } }) }),
    );
    const refused = page.waitForResponse('**/api/me/preferences');
    await cycler(page).click();
    await refused;
    await expectThemeMode(page, 'light');
    await expect.poll(() => consoleErrors.some((text) => text.includes('Could not save appearance preference'))).toBe(true);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect((await fetchMe(page)).themeMode).toBe('light');
  });
});

test('the 17 accent presets drive buttons, links and the active nav link, on desktop and in the phone menu', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/community');

  await test.step('the picker', async () => {
    const opened = nextLoggedEvent(page, 'theme_picker');
    await page.getByTestId('accent-picker').click();
    await opened;
    await expect(page.getByRole('group', { name: 'Accent colours' }).getByRole('button')).toHaveCount(ACCENT_COLORS.length);
    await expect(page.getByTestId('accent-blue')).toHaveAttribute('aria-pressed', 'true');

    const activeLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community', exact: true });
    const blueBackground = await activeLink.evaluate((el) => getComputedStyle(el).backgroundColor);
    const selected = nextLoggedEvent(page, 'color_theme_selected');
    await page.getByTestId('accent-amber').click();
    expect((await selected).details).toEqual({ color: 'amber' });
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'amber');
    await expect.poll(() => activeLink.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(blueBackground);
  });

  await test.step('every preset defines ten distinct shades, 50 to 900', async () => {
    for (const color of ACCENT_COLORS) {
      const shades = await page.evaluate((accent) => {
        const probe = document.createElement('div');
        probe.dataset.accent = accent;
        document.body.append(probe);
        const style = getComputedStyle(probe);
        const values = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900].map((shade) => style.getPropertyValue(`--accent-${shade}`).trim());
        probe.remove();
        return values;
      }, color);
      expect(shades.filter(Boolean), color).toHaveLength(10);
      expect(new Set(shades).size, color).toBe(10);
    }
  });

  await test.step('the phone menu has the theme cycler, the presets and the custom colour', async () => {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await menu.getByTestId('theme-cycler').click();
    await expectThemeMode(page, 'dark-blue');
    await expect(menu.getByRole('group', { name: 'Accent colours' }).getByRole('button')).toHaveCount(ACCENT_COLORS.length);
    await menu.getByLabel('Custom colour').fill('navy');
    const created = nextLoggedEvent(page, 'custom_color_created');
    await menu.getByRole('button', { name: 'Apply' }).click();
    expect((await created).details).toEqual({ input: 'navy', color: 'indigo' });
    await expect(menu.getByTestId('custom-color-result')).toHaveText('Selected the nearest preset: indigo');
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'indigo');
    await expect.poll(async () => (await fetchMe(page)).colorTheme).toBe('indigo');
  });
});

for (const mode of THEME_MODES) {
  test(`${mode}: a guest's home and login pass axe (WCAG 2.1 AA)`, async ({ page }) => {
    await rememberGuestThemeMode(page, mode);
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expectThemeMode(page, mode);
      await expect(page.getByRole('main')).not.toBeEmpty();
      await expectNoAxeViolations(page, `${path} in ${mode}`);
    }
  });

  // Apart from the guest's screens, so each test stays well inside its time on a busy machine
  // (together they took 22 s of 30 at load 10).
  test(`${mode}: signed-in screens pass axe (WCAG 2.1 AA) with every accent; screenshots`, async ({ page }) => {
    fs.mkdirSync('e2e/screenshots', { recursive: true });
    await signUpThroughApi(page);
    await saveThemeModeThroughApi(page, mode);

    await test.step('signed in', async () => {
      for (const path of ['/', '/community']) {
        await page.goto(path);
        await expectThemeMode(page, mode);
        await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
        await expectNoAxeViolations(page, `signed-in ${path} in ${mode}`);
      }
    });

    await test.step('the appearance controls, with the custom colour error showing', async () => {
      await page.getByTestId('accent-picker').click();
      await page.getByLabel('Custom colour').fill('not a colour');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid color format' })).toBeVisible();
      await expectNoAxeViolations(page, `accent picker in ${mode}`);
      await shot(page, { path: `e2e/screenshots/appearance-${mode}-desktop.png` });
    });

    await test.step('text keeps AA contrast with every accent', async () => {
      // An enabled Apply button (white on the accent) beside accent links and the active nav link.
      await page.getByLabel('Custom colour').fill('#123456');
      await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
      // Only what an accent colours: the elements with an accent class (bg-accent-700,
      // text-accent-ink…: the app's only way to use one) and what is inside them. The rest of
      // the page is the same with every accent and was checked whole above.
      for (const accent of ACCENT_COLORS) {
        await page.evaluate((a) => (document.documentElement.dataset.accent = a), accent);
        await expectNoAxeViolations(page, `${accent} in ${mode}`, { rules: ['color-contrast'], include: ['[class*="accent-"]'] });
      }
    });

    await test.step('screenshots at desktop and phone widths', async () => {
      for (const [device, width, height] of [['desktop', 1280, 800], ['phone', 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/');
        await expect(page.getByTestId(device === 'desktop' ? 'account-menu-trigger' : 'menu-button')).toBeVisible();
        await shot(page, { path: `e2e/screenshots/home-${mode}-${device}.png`, fullPage: true });
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot(page, { path: `e2e/screenshots/appearance-${mode}-phone.png` });
    });
  });
}
