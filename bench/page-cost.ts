/**
 * What a page load costs the browser tests' Chromium, in core-seconds: builds nothing itself
 * (run `npm run build` first, `npm run bench:page-cost` does), starts the real server on a
 * temporary SQLite database and Chromium with the browser tests' flags (e2e/support/chromium.ts),
 * then loads the login screen LOADS times (default 20) each of four ways:
 *
 *   blank context   a new browser context and page, at about:blank (what a test pays before it loads anything)
 *   new context     a new browser context and page, then the login screen (each test's first load)
 *   new page        one context kept, a new page for each load (one page of the site kept open)
 *   same page       one page, navigated again (each later load within a test)
 *
 * Chromium's CPU is read from /proc: the browser process and every process below it, with the
 * time of those that ended (the zygote and the browser wait for their children). The server runs
 * in this process and is not counted. Prints the machine's load before and after.
 *
 *   npm run bench:page-cost [-- --loads 40]      CHROMIUM_PATH overrides /usr/bin/chromium
 *
 * Not part of `npm test`. Figures quoted in the README's CI timing section.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { freePort } from '../server/test/server';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '20' } } });
const LOADS = Number(values.loads);
if (!Number.isInteger(LOADS) || LOADS < 1) throw new Error('--loads takes a whole number of at least 1');
const log = (line = '') => process.stdout.write(`${line}\n`);
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  ppid: number;
  /** utime + stime + cutime + cstime, in seconds. */
  seconds: number;
}

function processTimes(): Map<number, ProcessTimes> {
  const all = new Map<number, ProcessTimes>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ") ".
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      all.set(Number(entry), { ppid: Number(fields[1]), seconds: (utime! + stime! + cutime! + cstime!) / TICKS_PER_SECOND });
    } catch {
      // The process ended while the list was read.
    }
  }
  return all;
}

/** A process's command line; empty when it ended since /proc was listed. */
function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Core-seconds used so far by the Chromium processes this process started, and all below them. */
function chromiumSeconds(): number {
  const all = processTimes();
  const mine = new Set<number>();
  for (const [pid, times] of all) {
    if (times.ppid !== process.pid) continue;
    if (/chrom(e|ium)/.test(commandLine(pid))) mine.add(pid);
  }
  // Processes are listed in pid order, which a child need not follow: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const [pid, times] of all) {
      if (!mine.has(pid) && mine.has(times.ppid)) {
        mine.add(pid);
        added = true;
      }
    }
  }
  return [...mine].reduce((sum, pid) => sum + all.get(pid)!.seconds, 0);
}

interface Way {
  name: string;
  /** Prepares what the loads share; returns what loads one page. */
  setUp(browser: Browser, url: string): Promise<() => Promise<void>>;
}

/** Loads the login screen in `page` and waits until a person could use it. */
async function openLogin(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Sign up' }).waitFor();
}

const WAYS: Way[] = [
  {
    name: 'blank context',
    async setUp(browser) {
      return async () => {
        const context = await browser.newContext();
        await (await context.newPage()).goto('about:blank');
        await context.close();
      };
    },
  },
  {
    name: 'new context',
    async setUp(browser, url) {
      return async () => {
        const context = await browser.newContext();
        await openLogin(await context.newPage(), url);
        await context.close();
      };
    },
  },
  {
    name: 'new page',
    async setUp(browser, url) {
      const context: BrowserContext = await browser.newContext();
      // One page of the site stays open, so its renderer could be kept for the next.
      await (await context.newPage()).goto(new URL('/api/health', url).href);
      return async () => {
        const page = await context.newPage();
        await openLogin(page, url);
        await page.close();
      };
    },
  },
  {
    name: 'same page',
    async setUp(browser, url) {
      const page = await (await browser.newContext()).newPage();
      let load = 0;
      return async () => {
        // A query that changes each time, so each is a navigation of its own.
        await openLogin(page, `${url}?load=${load++}`);
      };
    },
  },
];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-page-cost-'));
  const port = await freePort();
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-that-is-long-enough-0000' });
  const server = await startServer({ config, logger: pino({ level: 'silent' }) });
  const url = new URL('/login', server.url).href;
  log(`Chromium's CPU for one load of /login, ${LOADS} loads each way (load average ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} cores)`);
  log(`${'way'.padEnd(14)} ${'core-s a load'.padStart(14)} ${'s a load'.padStart(9)}`);
  try {
    for (const way of WAYS) {
      // A browser of its own for each way, so none inherits another's processes or caches.
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        const load = await way.setUp(browser, url);
        await load(); // the first load of a browser also starts its shared processes
        const cpuBefore = chromiumSeconds();
        const started = performance.now();
        for (let i = 0; i < LOADS; i++) await load();
        const wall = (performance.now() - started) / 1000;
        const cpu = chromiumSeconds() - cpuBefore;
        log(`${way.name.padEnd(14)} ${(cpu / LOADS).toFixed(2).padStart(14)} ${(wall / LOADS).toFixed(2).padStart(9)}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  log(`load average after: ${os.loadavg()[0]!.toFixed(2)}`);
}

await main();
