/**
 * `tsx scripts/relocate-checks-cache.ts <cache dir>`: points the kept typecheck and lint caches
 * at this checkout, wherever it is.
 *
 * Both caches name files by path: ESLint's (file-entry-cache, in the file `npm run lint` names, not
 * a folder, whose file name ESLint would derive from the checkout's path) by absolute path, tsc's
 * build info by a path relative to the build info's own folder. CI clones each run afresh, and a
 * clone in another folder than the last missed every entry: each run linted and typechecked
 * everything again (lint 193–243 s and typecheck 38–119 s of a clean-clone run, against 15–20 s
 * and 11–14 s moved). Each entry is still checked against its file's content, so a moved entry
 * whose file changed is checked again as before.
 *
 * The cache dir holds `root`, the checkout the caches were last written from; the paths in both
 * files are rewritten from it to this one, and `root` is updated.
 */
import fs from 'node:fs';
import path from 'node:path';

const cacheDir = process.argv[2];
if (!cacheDir) {
  console.error('usage: tsx scripts/relocate-checks-cache.ts <cache dir>');
  process.exit(2);
}
const here = process.cwd();
const rootFile = path.join(cacheDir, 'root');
const before = fs.existsSync(rootFile) ? fs.readFileSync(rootFile, 'utf8').trim() : null;

/** Replaces every quoted path that starts at `from` with one that starts at `to`, in `file`. */
function rewrite(file: string, from: string, to: string): number {
  const text = fs.readFileSync(file, 'utf8');
  const parts = text.split(`"${from}/`);
  if (parts.length === 1) return 0;
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, parts.join(`"${to}/`));
  fs.renameSync(temporary, file);
  return parts.length - 1;
}

if (before && before !== here) {
  const lintCache = path.join(cacheDir, 'eslint.cache');
  const moved = fs.existsSync(lintCache) ? rewrite(lintCache, before, here) : 0;
  const buildInfo = path.join(cacheDir, 'typecheck.tsbuildinfo');
  const relative = (root: string) => path.relative(cacheDir, root);
  const movedTypes = fs.existsSync(buildInfo) ? rewrite(buildInfo, relative(before), relative(here)) : 0;
  process.stdout.write(`checks cache: moved ${moved} lint and ${movedTypes} typecheck entries from ${before} to ${here}\n`);
}
fs.mkdirSync(cacheDir, { recursive: true });
fs.writeFileSync(rootFile, `${here}\n`);
