/**
 * `npm test`: every check, in three lanes side by side, with the seconds each stage took.
 *
 *   api:     the API suite (SQLite, and PostgreSQL when TEST_DATABASE_URL is set); under CI,
 *            then the cluster check (once the build is there)
 *   browser: the production build, then the browser tests against it
 *   checks:  typecheck, lint, import circles, unit tests
 *
 * Neither long suite keeps a core busy on its own: measured on a quiet 2-core machine
 * (2026-11-28, process accounting), the API suite used 450 core-seconds in 374 s and the browser
 * tests 490 in 449 s; their test workers mostly wait (on PostgreSQL, password hashing, the
 * browser, the server). One after the other they took 823 s; side by side they share the cores.
 * The browser tests have to pass with other work on the machine anyway (the stress runs).
 *
 * The checks lane runs at a lower priority (nice 10): it only fills the time the suites leave.
 * The API suite runs at nice 5 on three workers (docs/decisions/0059): the browser lane is one
 * chain of waits (a test, its browser, the server) that decides the run's length, so it gets the
 * cores first, and the API suite, whose workers mostly wait, fills what it leaves with a third
 * worker. Measured on a quiet 2-core machine (2026-11-29, `CI=true npm test`): 593–625 s and
 * 1,037–1,100 core-seconds with two workers at normal priority, 589 s with three, 508–531 s and
 * 880–936 core-seconds with three at nice 5.
 *
 * Each lane's lines are printed as they come, prefixed with the lane's name. A failed stage
 * stops the rest of its lane (no browser tests without a build) and fails the run. Ends with a
 * table of each stage's seconds and core-seconds (the CPU it used: on two busy cores, what a run
 * saves is core-seconds, not one stage's wait).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

interface Stage {
  name: string;
  command: string[];
  /** Waits for the browser lane's build (it runs the compiled server). */
  afterBuild?: boolean;
}

interface Outcome {
  name: string;
  seconds: number;
  /**
   * The CPU its processes used (user and system), as the kernel counts it for processes waited
   * on: a browser whose parent exits before it is not counted (the machine line under the table is).
   */
  coreSeconds: number | null;
  ok: boolean;
}

const npm = (script: string): string[] => ['npm', 'run', '--silent', script];
const nice = (command: string[], level = 10): string[] => ['nice', '-n', String(level), ...command];

/**
 * Under CI, deploy/ for real once the API suite is done: three compiled instances behind HAProxy
 * and PgBouncer, 20 s of load (`npm run cluster:ci`; bench/cluster.ts installs HAProxy and
 * PgBouncer when missing, which needs root). It overlaps the browser tests' last minute instead
 * of following `npm test`.
 */
const CLUSTER: Stage[] = process.env.CI === 'true' ? [{ name: 'cluster', command: npm('cluster:ci'), afterBuild: true }] : [];

const LANES: Record<string, Stage[]> = {
  api: [{ name: 'api', command: nice(npm('test:api'), 5) }, ...CLUSTER],
  browser: [
    { name: 'build', command: npm('build') },
    { name: 'e2e', command: ['npx', 'playwright', 'test'] },
  ],
  // At low priority: nothing waits on them, and the two suites are the run's length.
  checks: [
    { name: 'typecheck', command: nice(npm('typecheck')) },
    { name: 'lint', command: nice(npm('lint')) },
    { name: 'circles', command: nice(npm('circles')) },
    { name: 'unit', command: nice(npm('test:unit')) },
  ],
};
const LABEL_WIDTH = Math.max(...Object.keys(LANES).map((lane) => lane.length));

/** Writes `chunk`'s whole lines with the lane's prefix; returns what is left of an unfinished line. */
function prefixLines(lane: string, pending: string, chunk: string): string {
  const lines = (pending + chunk).split('\n');
  const rest = lines.pop() ?? '';
  if (lines.length) process.stdout.write(lines.map((line) => `${lane.padEnd(LABEL_WIDTH)} │ ${line}\n`).join(''));
  return rest;
}

const timesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-test-times-'));

/**
 * Runs `command` under bash, whose `times` then writes its children's CPU to `file`: the core
 * seconds a stage costs tell what shortens a run on a machine whose cores are all busy.
 */
function timed(command: string[], file: string): string[] {
  return ['bash', '-c', '"$@"; status=$?; times > "$0"; exit $status', file, ...command];
}

/** The children's user and system seconds from bash's `times` (its second line: "1m2.5s 0m3.1s"). */
function coreSecondsIn(file: string): number | null {
  const line = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n')[1] : undefined;
  const parts = [...(line ?? '').matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return null;
  return parts.reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

function run(lane: string, stage: Stage): Promise<Outcome> {
  const started = performance.now();
  const timesFile = path.join(timesDir, stage.name);
  const [program, ...args] = timed(stage.command, timesFile);
  const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  const onData = (chunk: Buffer) => (pending = prefixLines(lane, pending, chunk.toString('utf8')));
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      if (pending) prefixLines(lane, pending, '\n');
      const outcome = { name: stage.name, seconds: (performance.now() - started) / 1000, coreSeconds: coreSecondsIn(timesFile), ok: code === 0 };
      prefixLines(lane, '', `── ${stage.name} ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(0)} s ──\n`);
      resolve(outcome);
    });
  });
}

let builtOk: (ok: boolean) => void = () => {};
const built = new Promise<boolean>((resolve) => (builtOk = resolve));

async function inOrder(lane: string, stages: Stage[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of stages) {
    if (stage.afterBuild && !(await built)) break;
    const outcome = await run(lane, stage);
    if (stage.name === 'build') builtOk(outcome.ok);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  // The lane with the build ended before it (a stage before it failed): nothing waits in vain.
  if (stages.some((stage) => stage.name === 'build')) builtOk(false);
  return outcomes;
}

function table(outcomes: Outcome[], totalSeconds: number): string {
  const cpu = (seconds: number | null) => (seconds === null ? '?' : seconds.toFixed(0));
  const rows = outcomes.map((o) => `| ${o.name} | ${o.seconds.toFixed(0)} | ${cpu(o.coreSeconds)} | ${o.ok ? 'passed' : 'FAILED'} |`);
  const allCpu = outcomes.every((o) => o.coreSeconds !== null) ? outcomes.reduce((sum, o) => sum + o.coreSeconds!, 0) : null;
  return ['| stage | seconds | core-seconds | result |', '|---|---:|---:|---|', ...rows, `| whole run | ${totalSeconds.toFixed(0)} | ${cpu(allCpu)} | |`].join('\n');
}

/** The machine's CPU time so far, from /proc/stat (Linux): seconds busy, idle and stolen by the host. */
function machineCpu(): { busy: number; idle: number; steal: number } | null {
  const fields = fs.existsSync('/proc/stat') ? fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number) : [];
  if (fields.length < 8) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [number, number, number, number, number, number, number, number];
  const tick = 100; // USER_HZ: /proc/stat counts in hundredths of a second
  return { busy: (user + nice + system + irq + softirq) / tick, idle: (idle + iowait) / tick, steal: steal / tick };
}

/** How busy the whole machine was during the run: the lanes' own counts miss what outlived its parent (a browser). */
function machineLine(before: ReturnType<typeof machineCpu>, after: ReturnType<typeof machineCpu>, seconds: number): string {
  if (!before || !after) return '';
  const [busy, idle, steal] = [after.busy - before.busy, after.idle - before.idle, after.steal - before.steal];
  const percent = (part: number) => `${Math.round((100 * part) / (busy + idle + steal))} %`;
  return `machine: ${busy.toFixed(0)} core-seconds busy in ${seconds.toFixed(0)} s on ${os.cpus().length} cores (idle ${percent(idle)}, taken by the host ${percent(steal)}; load ${os.loadavg()[0]!.toFixed(1)} at the end)\n`;
}

const cpuBefore = machineCpu();
const started = performance.now();
const lanes = await Promise.all(Object.entries(LANES).map(([lane, stages]) => inOrder(lane, stages)));
const outcomes = lanes.flat();
const expected = Object.values(LANES).flat().length;
const passed = outcomes.length === expected && outcomes.every((o) => o.ok);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`\nnpm test ${passed ? 'passed' : 'FAILED'}\n${table(outcomes, seconds)}\n${machineLine(cpuBefore, machineCpu(), seconds)}`);
process.exit(passed ? 0 : 1);
