import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium';
import { E2E } from './e2e/support/env';

/** Specs of what the headless shell does not do: show a push as a notification, judge the app installable. */
const WHOLE_BROWSER_SPECS = ['**/push.spec.ts', '**/pwa.spec.ts'];

// One fresh data directory per run, shared with the workers through the environment.
process.env.DRABBLE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One worker: on these 2-core machines one test's browser, server and Playwright already take
  // most of both cores. Measured on a slow day (2026-11-27): two workers ran the suite in 1,206 s
  // with 16 tests past their time, one worker in 1,561 s with 1 (and 1,370 s with none once
  // screenshots were made optional); a sample of 15 tests took the same wall time either way
  // (112 s). `npx playwright test --workers=2` on a bigger machine.
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    browserName: 'chromium',
    // Dates are written in the reader's locale: the tests read them as en-US, whatever the machine's.
    locale: 'en-US',
    // No trace: recording one for every test (to keep it on failure) took a third of the suite's
    // CPU (18 tests: 94.6 core-seconds with 'retain-on-failure', 61.1 without). A failure still
    // leaves its error-context.md (the page's ARIA snapshot); for a trace, run the failing test
    // again with `npx playwright test --trace retain-on-failure <file>`.
    trace: 'off',
    // The app ends its transitions at once for people who ask for less motion (styles.css): so do
    // the tests, where axe read colours half-way through a scheme switch (contrast no settled screen has).
    reducedMotion: 'reduce',
    // The app registers a service worker (offline writing, push), which would answer requests page.route()
    // and setOffline() mean to see: blocked, but in the specs about it (e2e/pwa.spec.ts allows it).
    serviceWorkers: 'block',
  },
  // Most specs run in Chromium's headless shell (Debian's chromium-headless-shell, the same
  // Chromium build), which Playwright itself runs headless tests in: a third less CPU over the
  // suite than the whole browser run headless (docs/decisions/0069). The specs of what only the
  // whole browser does, showing notifications and offering to install the app, run in it.
  projects: [
    { name: 'headless-shell', testIgnore: WHOLE_BROWSER_SPECS, use: { launchOptions: { executablePath: E2E.headlessShellPath, args: CHROMIUM_ARGS } } },
    { name: 'chromium', testMatch: WHOLE_BROWSER_SPECS, use: { launchOptions: { executablePath: E2E.chromiumPath, args: CHROMIUM_ARGS } } },
  ],
  webServer: [
    {
      // First, so the app never starts with nowhere to send its email.
      command: 'tsx e2e/support/mailbox-server.ts',
      url: `${E2E.mailboxUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'tsx e2e/support/mock-oidc.ts',
      url: `${E2E.oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // What `npm start` runs: the compiled server (`npm run test:e2e` builds it first).
      command: 'node dist/server.js',
      url: `${E2E.baseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E.port),
        DATA_DIR: process.env.DRABBLE_E2E_DATA_DIR,
        ADMIN_EMAIL: E2E.adminEmail,
        LOG_LEVEL: 'warn',
        // Every browser test signs people up from 127.0.0.1.
        SIGNUP_RATE_LIMIT: '10000',
        // As behind a reverse proxy: a request may say it comes from elsewhere (the sign-in
        // email's place, e2e/sign-in-place.spec.ts); one that does not comes from 127.0.0.1.
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        GOOGLE_CLIENT_ID: E2E.google.clientId,
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        GOOGLE_DISCOVERY_URL: `${E2E.oidcIssuer}/.well-known/openid-configuration`,
        MICROSOFT_CLIENT_ID: E2E.microsoft.clientId,
        MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
        MICROSOFT_DISCOVERY_URL: `${E2E.oidcIssuer}/.well-known/openid-configuration`,
        SMTP_URL: E2E.smtpUrl,
        MAIL_FROM: 'Drabble <no-reply@drabble.test>',
        // The fediverse test federates with a second server on loopback (e2e/fediverse.spec.ts).
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      },
    },
  ],
});
