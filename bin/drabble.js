#!/usr/bin/env node
// `npx drabble <command>`: the command line for whoever runs a Drabble install (server/cli).
// Runs the compiled dist/cli.js, building it first when it is missing or older than the code
// it is built from (as `npm start` builds the server), so a fresh checkout needs only `npm install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'cli.js');

/** The newest modification time under these folders (a few hundred files: milliseconds). */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of dirs) if (fs.existsSync(dir)) walk(path.join(root, dir));
  return Math.max(newest, fs.statSync(path.join(root, 'package.json')).mtimeMs);
}

const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < newestSource(['server', 'common']);
if (stale) {
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
    process.exit(1);
  }
  for (const file of ['cli.js.map', 'cli.js']) fs.renameSync(path.join(scratch, file), path.join(root, 'dist', file));
  fs.rmSync(scratch, { recursive: true, force: true });
}
await import(pathToFileURL(built).href);
