import { expect, test } from './support/test';
import { transitionsFinished } from './support/axe';
import { framesDrawn } from './support/looks';

// The helpers that wait for a settled screen before axe reads its colours, held to what they
// promise on a page of their own (no app needed).

test('waiting for transitions ends when a card scrolled out of view mid-transition skips its rendering', async ({ page }) => {
  // The app's story lists skip the rendering of cards below the fold (content-visibility: auto).
  // Chromium then stops updating their transitions: one started while the card was in view
  // reaches its end without its `finished` promise ever settling, and a wait on that promise
  // hung until the test's timeout (the prompt page at 375 px, 2026-11-29).
  const cards = Array.from({ length: 30 }, (_, i) => `<li class="card"><button>Card ${i}</button></li>`).join('');
  await page.setViewportSize({ width: 1280, height: 3000 });
  await page.setContent(`<style>
    .card { content-visibility: auto; contain-intrinsic-size: auto 16rem; height: 16rem; }
    button { color: black; transition: color 150ms; }
    .dark button { color: white; }
  </style><ul>${cards}</ul>`);
  await framesDrawn(page);
  await page.evaluate(() => document.body.classList.add('dark'));
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.getAnimations().length)).toBeGreaterThan(0);

  await transitionsFinished(page);

  // …and it still waits for the cards in view: their buttons are white when it returns.
  const colour = await page.getByRole('button', { name: 'Card 0', exact: true }).evaluate((button) => getComputedStyle(button).color);
  expect(colour).toBe('rgb(255, 255, 255)');
});
