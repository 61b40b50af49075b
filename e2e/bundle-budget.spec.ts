import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test';
import { chunkSources, EAGER_JS_BUDGET_BYTES, measureEagerJs, staticClosure } from '../build/eager-js';

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

test('the first screens of a visit and the signed-in shell build no zod schemas', () => {
  // Landing on home or /community, and the live stream and bar a signed-in visit adds (docs/decisions/0049),
  // with the banner every new account has until its email is verified.
  const assets = `${webDir}/assets`;
  const firstLoad = staticClosure(assets, ['app-', 'HomeScreen-', 'CommunityScreen-', 'LiveEvents-', 'SignedInNav-', 'VerifyEmailBanner-']);
  expect(firstLoad.some((name) => name.startsWith('screens-landing-'))).toBe(true);
  const withZod = firstLoad.filter((name) => chunkSources(assets, name).some((source) => /node_modules\/zod\//.test(source)));
  expect(withZod, `first-load chunks with zod in them (of ${firstLoad.join(', ')})`).toEqual([]);
});
