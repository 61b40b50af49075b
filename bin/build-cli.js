// Builds dist/cli.js (the command line, server/cli, bundled with the server it runs against)
// when it is missing or older than the code it is built from. bin/drabble.js calls it before
// running a command; tests call it once before starting commands side by side.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const built = path.join(root, 'dist', 'cli.js');

/** The newest modification time under these folders (a few hundred files: milliseconds). */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // usage.js too: the built command line bundles it.
      else if (/\.[jt]s$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of dirs) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return Math.max(newest, fs.statSync(path.join(root, 'package.json')).mtimeMs);
}

/** Builds dist/cli.js if it is missing or stale. False when the build failed (it said why on standard error). */
export function ensureCliBuilt() {
  const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < newestSource(['server', 'common']);
  if (!stale) return true;
  process.stderr.write('drabble: building the command line (first use after a change)…\n');
  // Built in a folder of its own, then renamed into place: several commands started at once
  // (two terminals, a script) each build whole, and none ever loads a half-written file.
  const scratch = path.join(root, 'dist', `.cli-build-${process.pid}`);
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build:cli', '--', '--outDir', scratch], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    fs.rmSync(scratch, { recursive: true, force: true });
    process.stderr.write('drabble: could not build the command line (npm run build:cli failed)\n');
    return false;
  }
  for (const file of ['cli.js.map', 'cli.js']) fs.renameSync(path.join(scratch, file), path.join(root, 'dist', file));
  fs.rmSync(scratch, { recursive: true, force: true });
  return true;
}

// `node bin/build-cli.js`: only the build (what tests run once before commands side by side).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = ensureCliBuilt() ? 0 : 1;
