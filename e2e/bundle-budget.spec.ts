import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { EAGER_JS_BUDGET_BYTES, measureEagerJs } from '../build/eager-js';

// Reads the build `npm run test:e2e` just made; no page is opened.
const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));

test('the JavaScript index.html loads eagerly stays within 120 KB gzip', () => {
  const eager = measureEagerJs(webDir);
  // A page that loads no script would pass the budget by accident.
  expect(eager.files.length, 'index.html loads no script').toBeGreaterThan(0);
  expect(eager.files.some((file) => file.url.endsWith('.js'))).toBe(true);
  const listing = eager.files.map((file) => `${file.url} ${file.gzipBytes} B`).join('\n');
  expect(eager.gzipBytes, `eager JS over budget:\n${listing}`).toBeLessThanOrEqual(EAGER_JS_BUDGET_BYTES);
});
