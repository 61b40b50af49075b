import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what every screen is held to. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeOptions {
  /** CSS selectors of the parts to check (default: the whole page). */
  include?: string[];
  /** Only these rules (default: the WCAG_21_AA rules). */
  rules?: string[];
  /** Every rule axe has, best practices included. */
  everyRule?: boolean;
}

/**
 * Runs axe-core in the page itself. `@axe-core/playwright`'s analyze() injects axe's 550 kB
 * source two or three times per call and opens a blank page to finish each run: 2.5–3.6 s a
 * run on a busy 2-core machine, against 0.2–0.5 s this way. Our pages have no frames, so axe
 * is injected once per document and run in place.
 */
export async function axeResults(page: Page, options: AxeOptions = {}): Promise<axe.AxeResults> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  const { include, rules, everyRule = false } = options;
  const runOnly = rules ? ({ type: 'rule', values: rules } as const) : everyRule ? undefined : ({ type: 'tag', values: WCAG_21_AA } as const);
  return page.evaluate(
    ({ include, runOnly }) => {
      const context = include ? { include: include.map((selector) => [selector]) } : document;
      return (window as unknown as { axe: typeof axe }).axe.run(context, { ...(runOnly ? { runOnly } : {}), resultTypes: ['violations'] });
    },
    { include, runOnly },
  );
}

/**
 * Fails with each violation's rule and elements, once the page has settled: nothing marked
 * busy, and its colour transitions ended. A list that is loading new results shows the old ones
 * dimmed (`opacity-60`, `aria-busy`) until they come: axe reading them then reported the dimmed
 * text's contrast, which no settled screen has (/admin/users while a search loaded, on a
 * machine under load).
 */
export async function expectNoAxeViolations(page: Page, what = 'axe', options: AxeOptions = {}): Promise<void> {
  await expect(page.locator('[aria-busy="true"]'), `${what}: still loading`).toHaveCount(0);
  await transitionsFinished(page);
  const { violations } = await axeResults(page, options);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

/**
 * Waits for every finite CSS transition and animation on the page to end. Switching the colour
 * scheme starts the colour transitions (`transition-colors`): axe reading colours caught
 * half-way between light and dark reported contrast no settled screen has (#8d97a6 on #fcfdfe,
 * a grey between the two schemes' muted text, on /admin/users). Infinite ones (spinners) are not waited for.
 *
 * It watches each animation's state rather than awaiting its `finished` promise: Chromium stops
 * updating a transition whose element leaves the view inside a `content-visibility: auto` card
 * (the story lists), and its promise never settles though its state reaches "finished".
 */
export async function transitionsFinished(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}
