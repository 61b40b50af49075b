// Experiment (not committed): cost of a fresh browser context per page load vs a reused one.
import { chromium } from '@playwright/test';
const base = process.argv[2] ?? 'http://localhost:3999';
const N = 15;
import fs from 'node:fs';
// Busy CPU-seconds of the whole machine (every process, exited renderers included).
const cpu = () => { const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number); return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / 100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup', '--disable-background-networking'] });
async function fresh() {
  const t = performance.now(); const c0 = cpu();
  for (let i = 0; i < N; i++) {
    const ctx = await browser.newContext(); const page = await ctx.newPage();
    await page.goto(base + '/community'); await page.getByRole('heading', { level: 1 }).first().waitFor();
    await ctx.close();
  }
  return [(performance.now() - t) / N, (cpu() - c0) / N];
}
async function reused() {
  const ctx = await browser.newContext();
  const t = performance.now(); const c0 = cpu();
  for (let i = 0; i < N; i++) {
    await ctx.clearCookies(); const page = await ctx.newPage();
    await page.goto(base + '/community'); await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();
  }
  const r = [(performance.now() - t) / N, (cpu() - c0) / N]; await ctx.close(); return r;
}
async function samePage() {
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  const t = performance.now(); const c0 = cpu();
  for (let i = 0; i < N; i++) { await page.goto(base + '/community'); await page.getByRole('heading', { level: 1 }).first().waitFor(); }
  const r = [(performance.now() - t) / N, (cpu() - c0) / N]; await ctx.close(); return r;
}
for (let round = 0; round < 2; round++) {
  console.log('fresh context ms, cpu-s per load', await fresh());
  console.log('reused context ms, cpu-s', await reused());
  console.log('same page ms, cpu-s', await samePage());
}
await browser.close();
