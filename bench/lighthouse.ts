/**
 * Lighthouse mobile performance (its default mobile configuration, simulated throttling) of
 * the signed-out home page and the signed-in /community. Builds nothing itself
 * (`npm run bench:lighthouse` builds first): starts the real server on a temporary SQLite
 * DATA_DIR with a local mailbox, signs a writer and two readers up through the API (verified
 * by the emailed link, as people are), publishes 30 stories with a few reactions so the
 * community list has a full first page, then runs Lighthouse 3 times per page in Debian's
 * Chromium and prints the median score with FCP, LCP, TBT, CLS and Speed Index.
 *
 *   npm run bench:lighthouse                  CHROMIUM_PATH overrides /usr/bin/chromium
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse
 *   LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse    also keeps each run's JSON report and trace there
 *   LIGHTHOUSE_PROFILE=1 LIGHTHOUSE_REPORTS=/tmp/lh …      the traces also hold CPU samples (bench/long-tasks.ts reads them)
 *
 * The signed-in runs are a returning writer's visit: an empty HTTP cache, the session cookie
 * (sent as a header) and the tutorial already seen (its local flag), so the page measured is
 * the community list and not the first-visit tour over it.
 *
 * Under each page's line: the long tasks of its median-TBT run (Lighthouse's long-tasks audit),
 * where its blocking time goes.
 *
 * Targets: home ≥ 95, /community ≥ 90, each with TBT ≤ 200 ms; the command fails when one is
 * missed. Indicative on a shared machine (run it quiet). Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import pino from 'pino';
import { chromium } from '@playwright/test';
import { REACTION_KINDS } from '@common/stories/story';
import { loadConfig } from '../server/config';
import { startServer, type RunningServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { startTestSmtp, type TestSmtp } from '../server/test/smtp';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS ?? null;
/** With LIGHTHOUSE_PROFILE=1 the kept traces also hold V8's CPU samples (ProfileChunk events): what runs inside each long task. Costs a little of the scores. */
const PROFILE = process.env.LIGHTHOUSE_PROFILE === '1';
const STORIES = 30;
const TARGETS = { home: 95, community: 90 };
/** Total blocking time of the median run, on either page, at most this (ms). */
const TBT_TARGET_MS = 200;
const TUTORIAL_SHOWN_STORAGE_KEY = 'drabble.tutorialShown';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PASSWORD = 'correct horse 1';

const log = (line = '') => process.stdout.write(`${line}\n`);

/* ---------------------------------------------------------------- the data */

async function signUpVerified(server: RunningServer, mail: TestSmtp, email: string, name: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name });
  if (signUp.status !== 200) throw new Error(`sign-up of ${email} failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const message = await mail.waitFor({ to: email, subject: /Verify your email/ });
  const token = message.links.map((link) => new URL(link)).find((url) => url.pathname === '/verify-email')?.searchParams.get('token');
  if (!token) throw new Error(`no verification link for ${email}`);
  const verified = await client.post('/api/account/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verification of ${email} failed: ${verified.status}`);
  return client;
}

const SENTENCES = [
  'The lighthouse keeper counted ships that never came, and wrote each name in the margin of the log.',
  'By morning the snow had covered every footprint but hers, which led, impossibly, up the side of the barn.',
  'He kept the letter for forty years and never opened it; the envelope was enough of an answer.',
  'Grandmother said the river remembers everything, so we whispered our secrets only to the lake.',
  'The robot learned to hum from the kettle, and the kettle, in turn, learned patience from the robot.',
];

function storyText(index: number): string {
  return Array.from({ length: 4 }, (_, i) => SENTENCES[(index + i) % SENTENCES.length]).join(' ');
}

/** A writer with 30 public stories, two readers reacting to some: a full first page of /community. */
async function seedCommunity(server: RunningServer, mail: TestSmtp): Promise<string> {
  const writer = await signUpVerified(server, mail, 'writer@bench.test', 'Ada Writer');
  const readers = [await signUpVerified(server, mail, 'reader1@bench.test', 'Ben Reader'), await signUpVerified(server, mail, 'reader2@bench.test', 'Cy Reader')];
  for (let i = 0; i < STORIES; i += 1) {
    const created = await writer.post<{ story: { id: string } }>('/api/stories', { title: `Story number ${i + 1}`, content: storyText(i), public: true });
    if (created.status !== 201 && created.status !== 200) throw new Error(`story ${i + 1} failed: ${created.status} ${JSON.stringify(created.body)}`);
    const { id } = created.body.story;
    for (const [r, reader] of readers.entries()) {
      if ((i + r) % 3 !== 0) continue;
      const kind = REACTION_KINDS[(i + r) % REACTION_KINDS.length];
      const reacted = await reader.send('PUT', `/api/stories/${encodeURIComponent(id)}/reactions/${kind}`);
      if (reacted.status >= 300) throw new Error(`reaction failed: ${reacted.status} ${JSON.stringify(reacted.body)}`);
    }
  }
  return writer.cookieHeader;
}

/* ---------------------------------------------------------------- the runs */

interface RunResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's long-tasks audit: each main-thread task over 50 ms (as simulated), longest first. */
  longTasks: { url: string; ms: number; at: number }[];
}

/** Lighthouse's own failures (a trace it could not record, NO_NAVSTART on a busy machine) are retried this often, and said. */
const ATTEMPTS = 3;

async function runLighthouse(name: string, url: string, port: number, flags: Partial<Flags>, prepare?: () => Promise<void>, attempt = 1): Promise<RunResult> {
  await prepare?.();
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}), ...flags });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    log(`  (Lighthouse could not measure ${url}: ${lhr.runtimeError.code}; measuring again)`);
    return runLighthouse(name, url, port, flags, prepare, attempt + 1);
  }
  if (REPORTS_DIR) {
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(lhr));
    // The Chromium performance trace Lighthouse recorded: opens in DevTools' Performance panel.
    fs.writeFileSync(path.join(REPORTS_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    longTasks: ((lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [])
      .map((task) => ({ url: task.url, ms: task.duration, at: task.startTime }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/** A returning writer: the tutorial seen (its flag in this origin's storage) and nothing in the HTTP cache. */
async function prepareReturningVisit(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((key) => window.localStorage.setItem(key, 'true'), TUTORIAL_SHOWN_STORAGE_KEY);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Leaves the browser running: only this connection ends.
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Prints the page's medians; false when its score or its blocking time misses the target. */
function report(label: string, runs: RunResult[], target: number): boolean {
  const pick = (key: Exclude<keyof RunResult, 'longTasks'>) => median(runs.map((run) => run[key]));
  const score = pick('score');
  const tbt = pick('tbt');
  const met = score >= target && tbt <= TBT_TARGET_MS;
  log(
    `${label.padEnd(22)} score ${String(score).padStart(3)} (runs ${runs.map((run) => run.score).join(', ')}; target ≥ ${target}, TBT ≤ ${TBT_TARGET_MS} ms ${met ? 'met' : 'NOT met'})` +
      `  FCP ${(pick('fcp') / 1000).toFixed(2)} s  LCP ${(pick('lcp') / 1000).toFixed(2)} s  TBT ${Math.round(tbt)} ms  CLS ${pick('cls').toFixed(3)}  SI ${(pick('si') / 1000).toFixed(2)} s`,
  );
  // Where the blocking time of the median run goes: the script each long task ran ("Unattributable": style, layout, paint).
  const middle = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)];
  if (middle && middle.longTasks.length > 0) {
    const tasks = middle.longTasks.slice(0, 6).map((task) => `${Math.round(task.ms)} ms ${task.url.replace(/^https?:\/\/[^/]+/, '') || '?'} at ${(task.at / 1000).toFixed(1)} s`);
    log(`${''.padEnd(22)} long tasks of the median-TBT run: ${tasks.join('; ')}`);
  }
  return met;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-lighthouse-'));
  const mail = await startTestSmtp();
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0000',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Drabble <no-reply@bench.test>',
  });
  const server = await startServer({ config, logger: pino({ level: 'silent' }) });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const cookie = await seedCommunity(server, mail);
    log(`Lighthouse ${RUNS}× per page, mobile, simulated throttling; server at ${server.url} (SQLite, ${STORIES} public stories)`);
    const home: RunResult[] = [];
    const community: RunResult[] = [];
    // Interleaved, so a busy moment on the machine weighs on both pages alike.
    for (let i = 0; i < RUNS; i += 1) {
      home.push(await runLighthouse(`home-${i + 1}`, `${server.url}/`, chrome.port, {}));
      const returning = () => prepareReturningVisit(chrome.port, server.url);
      community.push(await runLighthouse(`community-${i + 1}`, `${server.url}/community`, chrome.port, { extraHeaders: { Cookie: cookie }, disableStorageReset: true }, returning));
    }
    const homeMet = report('/ (signed out)', home, TARGETS.home);
    const communityMet = report('/community (signed in)', community, TARGETS.community);
    // A missed target fails the command, so a change to the first load cannot slip past it.
    if (!homeMet || !communityMet) process.exitCode = 1;
  } finally {
    chrome.kill();
    await server.close();
    await mail.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
