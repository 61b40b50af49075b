/**
 * `npm test`: every check, in three lanes side by side, with the seconds each stage took.
 *
 *   api:     the API suite (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests
 *   browser: the production build, then the browser tests against it
 *   checks:  typecheck, lint, unit tests
 *
 * The browser tests run in parts (a few spec files each, a Playwright run of their own with its
 * own server and data directory), taken in turn from one queue by the browser lane and, once its
 * suite is done, the API lane. One worker kept most of both cores busy while the API suite ran
 * beside it, but only one of them once that suite was done: from then on two parts run at once.
 *
 * Neither long suite keeps a core busy on its own: measured on a quiet 2-core machine
 * (2026-11-28, process accounting), the API suite used 450 core-seconds in 374 s and the browser
 * tests 490 in 449 s; their test workers mostly wait (on PostgreSQL, password hashing, the
 * browser, the server). One after the other they took 823 s; side by side they share the cores.
 * The browser tests have to pass with other work on the machine anyway (issue 25's stress runs).
 *
 * The checks lane runs at a lower priority (nice 10): it only fills the time the suites leave.
 *
 * Each lane's lines are printed as they come, prefixed with the lane's name. A failed stage
 * stops the rest of its lane (no browser tests without a build) and fails the run. Ends with a
 * table of stage and seconds (the README's CI timing table comes from it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

interface Stage {
  name: string;
  command: string[];
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
}

const npm = (script: string): string[] => ['npm', 'run', '--silent', script];
const nice = (command: string[]): string[] => ['nice', '-n', '10', ...command];

const LANES: Record<string, Stage[]> = {
  api: [{ name: 'api', command: npm('test:api') }],
  browser: [{ name: 'build', command: npm('build') }],
  // At low priority: nothing waits on them, and the two suites are the run's length.
  checks: [
    { name: 'typecheck', command: nice(npm('typecheck')) },
    { name: 'lint', command: nice(npm('lint')) },
    { name: 'unit', command: nice(npm('test:unit')) },
  ],
};
const LABEL_WIDTH = Math.max(...Object.keys(LANES).map((lane) => lane.length));

/** What the browser-test parts' summaries said, added up ("151 passed"). */
const browserTestTally = new Map<string, number>();
const SUMMARY_LINE = /^\s*(\d+) (passed|failed|flaky|skipped|did not run)\b/;

/** Writes `chunk`'s whole lines with the lane's prefix; returns what is left of an unfinished line. */
function prefixLines(lane: string, pending: string, chunk: string, tally = false): string {
  const lines = (pending + chunk).split('\n');
  const rest = lines.pop() ?? '';
  if (lines.length) process.stdout.write(lines.map((line) => `${lane.padEnd(LABEL_WIDTH)} │ ${line}\n`).join(''));
  if (tally) {
    for (const line of lines) {
      // eslint-disable-next-line no-control-regex -- Playwright colours its summary
      const match = SUMMARY_LINE.exec(line.replace(/\x1b\[[0-9;]*m/g, ''));
      if (match) browserTestTally.set(match[2]!, (browserTestTally.get(match[2]!) ?? 0) + Number(match[1]));
    }
  }
  return rest;
}

function run(lane: string, stage: Stage): Promise<Outcome> {
  const started = performance.now();
  const [program, ...args] = stage.command;
  const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  const tally = stage.name.startsWith('e2e ');
  const onData = (chunk: Buffer) => (pending = prefixLines(lane, pending, chunk.toString('utf8'), tally));
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      if (pending) prefixLines(lane, pending, '\n', tally);
      const outcome = { name: stage.name, seconds: (performance.now() - started) / 1000, ok: code === 0 };
      prefixLines(lane, '', `── ${stage.name} ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(0)} s ──\n`);
      resolve(outcome);
    });
  });
}

async function inOrder(lane: string, stages: Stage[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of stages) {
    const outcome = await run(lane, stage);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

/** Lanes that take browser-test parts once their own stages passed (and, for every lane, the build). */
const TAKING_BROWSER_TESTS = new Set(['browser', 'api']);
/** About this many parts: small enough that the last ones even out the two lanes' ends. */
const BROWSER_TEST_PARTS = 8;

/**
 * The spec files in parts of about equal size (the largest files first, so that the parts left
 * at the end are small). A file's size stands for its running time: files are never split.
 */
function browserTestParts(): Stage[] {
  const files = fs
    .readdirSync('e2e')
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => ({ path: `e2e/${file}`, size: fs.statSync(`e2e/${file}`).size }))
    .sort((a, b) => b.size - a.size);
  const target = files.reduce((sum, file) => sum + file.size, 0) / BROWSER_TEST_PARTS;
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const file of files) {
    current.push(file.path);
    size += file.size;
    if (size >= target) {
      parts.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length) parts.push(current);
  return parts.map((paths, i) => ({ name: `e2e ${i + 1}/${parts.length}`, command: ['npx', 'playwright', 'test', ...paths] }));
}

/** Takes browser-test parts from `queue` until it is empty or one fails; only once the build passed. */
async function takeBrowserTests(lane: string, queue: Stage[], built: Promise<boolean>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  if (!(await built)) return outcomes;
  for (let part = queue.shift(); part; part = queue.shift()) {
    const outcome = await run(lane, part);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

function table(outcomes: Outcome[], totalSeconds: number): string {
  const rows = outcomes.map((o) => `| ${o.name} | ${o.seconds.toFixed(0)} | ${o.ok ? 'passed' : 'FAILED'} |`);
  return ['| stage | seconds | result |', '|---|---:|---|', ...rows, `| whole run | ${totalSeconds.toFixed(0)} | |`].join('\n');
}

const started = performance.now();
const queue = browserTestParts();
const parts = queue.length;
let builtOk: (ok: boolean) => void = () => {};
const built = new Promise<boolean>((resolve) => (builtOk = resolve));
const lanes = await Promise.all(
  Object.entries(LANES).map(async ([lane, stages]) => {
    const own = await inOrder(lane, stages);
    const ok = own.length === stages.length && own.every((o) => o.ok);
    if (lane === 'browser') builtOk(ok);
    return TAKING_BROWSER_TESTS.has(lane) && ok ? [...own, ...(await takeBrowserTests(lane, queue, built))] : own;
  }),
);
const outcomes = lanes.flat();
const expected = Object.values(LANES).flat().length + parts;
const passed = outcomes.length === expected && outcomes.every((o) => o.ok);
const tallied = [...browserTestTally].map(([what, count]) => `${count} ${what}`).join(', ');
process.stdout.write(`\nbrowser tests: ${tallied || 'none ran'} (in ${parts} parts)`);
process.stdout.write(`\nnpm test ${passed ? 'passed' : 'FAILED'}\n${table(outcomes, (performance.now() - started) / 1000)}\n`);
process.exit(passed ? 0 : 1);
