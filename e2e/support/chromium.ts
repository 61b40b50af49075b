/**
 * How the browser tests start Debian's Chromium (playwright.config.ts), shared with the
 * benchmark of what their page loads cost (bench/page-cost.ts).
 */

/**
 * Chromium reads only the last --disable-features it is given, so this list, which comes after
 * Playwright's, repeats Playwright's own (playwright-core's chromiumSwitches, 1.65) before adding ours.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
const DISABLED_FEATURES = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  // Debian's Chromium runs the full browser headless, which opens two omnibox-popup WebUI
  // renderers for every new window: 130 ms a browser context at load 11 (20 contexts in
  // 7.0–7.7 s with them, 4.5–4.9 s without), and their CPU after. Tests never use the address bar.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // A renderer started ahead for the next navigation, which a test's short-lived pages rarely
  // use: 125 renderer processes for 25 tests with it, 75 without.
  'SpareRendererForSitePerProcess',
];

/** Without the background-networking flags Chromium keeps dialling out on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
