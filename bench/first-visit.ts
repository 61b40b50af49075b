/**
 * Bytes on the wire for a first visit to the signed-out home page: builds nothing itself (run
 * `npm run build` first, `npm run bench:first-visit` does), starts the real server on a
 * temporary SQLite database, opens / in Debian's Chromium with an empty cache and adds up
 * what the network moved (headers and compressed bodies, from the DevTools protocol) until the
 * page is idle. Prints the total, the share of each kind, and the largest responses.
 *
 *   npm run bench:first-visit                 CHROMIUM_PATH overrides /usr/bin/chromium
 *
 * Target: at most 200 KiB. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { freePort } from '../server/test/server';

const TARGET_KIB = 200;
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-first-visit-'));
  const port = await freePort();
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-that-is-long-enough-0000' });
  const server = await startServer({ config, logger: pino({ level: 'silent' }) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, { url: string; type: string }>();
    const transfers: Transfer[] = [];
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' }));
    cdp.on('Network.loadingFinished', (e) => {
      const request = requests.get(e.requestId);
      // The live-event stream never finishes; everything else does.
      if (request) transfers.push({ ...request, bytes: e.encodedDataLength });
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);

    const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
    const byType = new Map<string, number>();
    for (const t of transfers) byType.set(t.type, (byType.get(t.type) ?? 0) + t.bytes);
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    log(`First visit to / (signed out): ${transfers.length} responses, ${kib(total)} on the wire (target ≤ ${TARGET_KIB} KiB)`);
    for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1])) log(`  ${type.padEnd(12)} ${kib(bytes)}`);
    log('Largest:');
    for (const t of [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) log(`  ${kib(t.bytes).padStart(10)}  ${new URL(t.url).pathname}`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
