import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, transitionsFinished } from './axe';

/**
 * Screenshots are for a person to look at, not checks: taken only when E2E_SCREENSHOTS=1
 * (`E2E_SCREENSHOTS=1 npx playwright test`). Each PNG costs the browser a raster and an encode:
 * a fifth of the CPU of the specs that take most of them, and on a slow day the last seconds of
 * a long test. The checks beside them (the phone's width, axe: CHECKED_AT) run either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot for a person to look at, when E2E_SCREENSHOTS=1 (see SCREENSHOTS). */
export async function shot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (!SCREENSHOTS) return;
  await ('goto' in target ? target.screenshot(options) : target.screenshot({ path: options.path }));
}

/**
 * Resolves once the page has drawn two frames from now. A ResizeObserver hears of a new size only
 * in a frame's rendering step, and what its callback changes shows in a later frame; until then a
 * person has not seen the page at that size either. Under load a frame can take seconds to come.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * The page fits the window: nothing scrolls sideways. A chart or list sized by a ResizeObserver
 * follows a new window width a frame or two after the resize, so this waits for the page to draw
 * at that width first (a screenshot used to), then polls; a page that stays wider still fails.
 * A clean-clone CI run at load 8 failed here before the wait: the admin chart was still its
 * 1280 px width after 5 s of polling at 375 px. Not reproduced (30 runs of that test, 22 beside
 * stress-ng), so the cause is not known; the wait makes the poll count from a drawn frame.
 */
export async function expectNoSidewaysScroll(page: Page, name = 'the page'): Promise<void> {
  await framesDrawn(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow, { message: `${name} is wider than the window (by the px shown)` }).toBeLessThanOrEqual(0);
}

/**
 * Where shootLooks checks: axe in light at the desktop width and in dark at the phone's, and the
 * phone's width in dark, not all four. A width changes which elements there are (each width's are
 * checked once) and a scheme changes their colours (each scheme's once); no width depends on the
 * scheme, and almost no colour on the width (the one case: the settings index's links lose their
 * surface on a desktop, and muted text reads on the page's colour too). The other two are visited only
 * for screenshots: each visit is a layout and paint of the page, and an axe run costs the browser
 * 0.2–0.5 s. The app frame around every target is checked whole, in every mode, at the desktop
 * width (appearance.spec.ts).
 */
const CHECKED_AT = { light: 1280, dark: 375 } as const;
const PHONE_WIDTH = 375;

export interface LooksOptions {
  /** Only this part of the page (default: the viewport). */
  target?: Locator;
  fullPage?: boolean;
  /** Scroll the target into view before each shot. */
  scroll?: boolean;
  /** Also check the target against WCAG 2.1 AA with axe: in light at 1280 px, in dark at 375 px (CHECKED_AT). */
  axe?: boolean;
}

/**
 * Screenshots in light and dark, at 1280 px and 375 px, into `dir` as
 * `<name>-<scheme>[-375].png` (when E2E_SCREENSHOTS=1), failing when the page scrolls sideways on
 * a phone; then back to light at 1280 px. The shots are for a person to look at; the width and axe
 * checks (CHECKED_AT) are the test.
 */
export async function shootLooks(page: Page, dir: string, name: string, options: LooksOptions = {}): Promise<void> {
  const { target, fullPage = false, scroll = false, axe = false } = options;
  fs.mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    for (const [width, height, suffix] of [[1280, 900, ''], [PHONE_WIDTH, 812, '-375']] as const) {
      const checked = CHECKED_AT[scheme] === width;
      if (!SCREENSHOTS && !(checked && (axe || width === PHONE_WIDTH))) continue;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      if (scroll) await target?.scrollIntoViewIfNeeded();
      await transitionsFinished(page);
      await shot(target ?? page, { path: `${dir}/${name}-${scheme}${suffix}.png`, fullPage });
      if (checked && axe && target) await expectNoAxeViolations(page, `${name} in ${scheme} at ${width}px`, { include: [`[data-testid="${await target.getAttribute('data-testid')}"]`] });
      if (checked && width === PHONE_WIDTH) await expectNoSidewaysScroll(page, name);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}
