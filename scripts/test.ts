/**
 * `npm test`: every check, in stages, with the seconds each took.
 *
 * The API suite (the longest stage that is not the browser's) runs beside the checks that need
 * no database: typecheck, lint, unit tests, then the production build the browser tests serve.
 * Their output is held back and printed whole when they end, so the API suite's stays readable.
 * The browser tests run last, alone: they time user-visible waits and want the machine.
 * A failed stage fails the run; the browser tests do not start after a failure.
 * Ends with a table of stage and seconds (the README's CI timing table comes from it).
 */
import { spawn } from 'node:child_process';
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

const BESIDE_THE_API: Stage[] = [
  { name: 'typecheck', command: npm('typecheck') },
  { name: 'lint', command: npm('lint') },
  { name: 'unit', command: npm('test:unit') },
  { name: 'build', command: npm('build') },
];
const API: Stage = { name: 'api', command: npm('test:api') };
const BROWSER: Stage = { name: 'e2e', command: ['npx', 'playwright', 'test'] };

function run(stage: Stage, holdOutput: boolean): Promise<Outcome> {
  const started = performance.now();
  const [program, ...args] = stage.command;
  const child = spawn(program!, args, { stdio: holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const outcome = { name: stage.name, seconds: (performance.now() - started) / 1000, ok: code === 0 };
      if (holdOutput) {
        process.stdout.write(`\n── ${stage.name} (${outcome.ok ? 'passed' : 'FAILED'}) ──\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve(outcome);
    });
  });
}

async function inOrder(stages: Stage[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of stages) {
    const outcome = await run(stage, true);
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
const [beside, api] = await Promise.all([inOrder(BESIDE_THE_API), run(API, false)]);
const outcomes = [...beside, api];
if (outcomes.every((o) => o.ok) && beside.length === BESIDE_THE_API.length) outcomes.push(await run(BROWSER, false));
const passed = outcomes.length === BESIDE_THE_API.length + 2 && outcomes.every((o) => o.ok);
process.stdout.write(`\nnpm test ${passed ? 'passed' : 'FAILED'}\n${table(outcomes, (performance.now() - started) / 1000)}\n`);
process.exit(passed ? 0 : 1);
