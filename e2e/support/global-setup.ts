import fs from 'node:fs';
import { E2E } from './env';

/** Fails loudly, never skips, when the browser or the built app is missing. */
export default function globalSetup(): void {
  if (!fs.existsSync(E2E.chromiumPath)) {
    throw new Error(`Chromium not found at ${E2E.chromiumPath}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  if (!fs.existsSync(E2E.headlessShellPath)) {
    throw new Error(
      `Chromium's headless shell not found at ${E2E.headlessShellPath}. Install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROMIUM_HEADLESS_SHELL_PATH.`,
    );
  }
  if (!fs.existsSync('dist/web/index.html')) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
}
