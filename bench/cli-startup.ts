/**
 * How long `npx drabble` takes to answer what needs no command to run: the list of commands,
 * a command's help, and a mistyped command. Each is timed from spawning `node bin/drabble.js`
 * (what `npx drabble` runs, without npx's own start) to its exit, and so is `node dist/cli.js
 * --help` (the built command line, loaded whole) when it exists.
 *
 *   npx tsx bench/cli-startup.ts              5 runs of each (BENCH_RUNS=10 for more); medians reported
 *
 * bin/drabble.js builds dist/cli.js first whenever the server's code is newer than it: a run
 * that built is reported as such (in a checkout being edited, that is most of them).
 * Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './random';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Case {
  label: string;
  args: string[];
}

const CASES: Case[] = [
  { label: 'node bin/drabble.js --help', args: ['bin/drabble.js', '--help'] },
  { label: 'node bin/drabble.js backup --help', args: ['bin/drabble.js', 'backup', '--help'] },
  { label: 'node bin/drabble.js bakup (mistyped)', args: ['bin/drabble.js', 'bakup'] },
];
if (fs.existsSync(path.join(ROOT, 'dist/cli.js'))) CASES.push({ label: 'node dist/cli.js --help', args: ['dist/cli.js', '--help'] });

for (const { label, args } of CASES) {
  const times: number[] = [];
  let built = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    times.push(performance.now() - start);
    if (run.stderr.includes('building the command line')) built++;
    if (run.status === null) throw new Error(`${label}: ${run.error?.message ?? 'killed'}`);
  }
  times.sort((a, b) => a - b);
  log(`${label.padEnd(40)} median ${percentile(times, 50).toFixed(0).padStart(6)} ms   max ${times.at(-1)!.toFixed(0).padStart(6)} ms${built ? `   (${built} of ${RUNS} built dist/cli.js first)` : ''}`);
}
