/**
 * The JavaScript a first page load fetches eagerly: the entry and every chunk the built
 * index.html loads or modulepreloads, with raw and gzip (level 9) bytes, against the
 * budget of 120 KB gzip. Run after a build: `npm run bench:bundle` builds first.
 * e2e/bundle-budget.spec.ts fails the tests past the same budget.
 */
import { fileURLToPath } from 'node:url';
import { EAGER_JS_BUDGET_BYTES, measureEagerJs } from '../build/eager-js';

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));
const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;

const eager = measureEagerJs(webDir);
log('Eager JavaScript of dist/web/index.html (raw, gzip -9):');
for (const file of [...eager.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  log(`  ${kb(file.rawBytes).padStart(10)}  ${kb(file.gzipBytes).padStart(10)}  ${file.url}`);
}
const verdict = eager.gzipBytes <= EAGER_JS_BUDGET_BYTES ? 'within' : 'OVER';
log(`Total: ${eager.files.length} files, ${kb(eager.rawBytes)} raw, ${kb(eager.gzipBytes)} gzip — ${verdict} the ${kb(EAGER_JS_BUDGET_BYTES)} budget`);
if (eager.gzipBytes > EAGER_JS_BUDGET_BYTES) process.exitCode = 1;
