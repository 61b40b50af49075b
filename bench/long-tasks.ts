/**
 * What runs inside a page's long tasks, from a trace `npm run bench:lighthouse` kept with CPU
 * samples (LIGHTHOUSE_PROFILE=1 LIGHTHOUSE_REPORTS=/tmp/lh). For each main-thread task that
 * Lighthouse's 4× CPU slowdown makes long (over 12.5 ms as recorded), the sampled time by the
 * source file it was spent in (through dist/web's source maps, so run it on the same build), and
 * the totals over all of them: where the total blocking time comes from.
 *
 *   npx tsx bench/long-tasks.ts /tmp/lh/community-1.trace.json [--tasks]
 *
 * `--tasks` also lists each long task with its own top files. Not part of `npm test`.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSETS = fileURLToPath(new URL('../dist/web/assets/', import.meta.url));
/** A task this long as recorded passes 50 ms under Lighthouse's 4× simulated CPU slowdown. */
const LONG_MS = 12.5;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: Record<string, unknown> & { isLoadingMainFrame?: boolean } };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/long-tasks.ts <trace.json> [--tasks]');
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
if (!navigation) throw new Error('no navigationStart in the trace');
const { pid, tid } = navigation;
const t0 = navigation.ts;

// The CPU samples of the page's main thread: a Profile event, then chunks of nodes, samples and time deltas.
const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
if (!profile) throw new Error('no CPU samples in the trace: record it with LIGHTHOUSE_PROFILE=1');
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let clock = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === pid)) {
  const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
  for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  const ids = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  ids.forEach((id, i) => {
    clock += deltas[i] ?? 0;
    samples.push({ ts: clock, node: id });
  });
}

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const mapFile = path.join(ASSETS, `${path.basename(new URL(url).pathname)}.map`);
    maps.set(url, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(url) ?? null;
}

/** Where a sample's own time went: the original source file (a package by its name), or what V8 was doing. */
function placeOf(node: ProfileNode): string {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  if (!url) return `(${functionName || 'program'})`;
  if (!url.startsWith('http')) return url;
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  const source = entry && 'originalSource' in entry ? entry.originalSource : null;
  if (!source) return path.basename(new URL(url).pathname);
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^(\.\.\/)+/, '');
}

const mainThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
const longTasks = mainThread.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > LONG_MS).sort((a, b) => a.ts - b.ts);

const ms = (us: number) => (us / 1000).toFixed(1).padStart(6);
const total = new Map<string, number>();
let blocking = 0;
const showTasks = process.argv.includes('--tasks');
for (const task of longTasks) {
  const end = task.ts + (task.dur ?? 0);
  const own = new Map<string, number>();
  for (let i = 1; i < samples.length; i++) {
    const sample = samples[i]!;
    if (sample.ts < task.ts || sample.ts > end) continue;
    const node = nodes.get(sample.node);
    if (!node) continue;
    const spent = sample.ts - samples[i - 1]!.ts;
    const place = placeOf(node);
    own.set(place, (own.get(place) ?? 0) + spent);
    total.set(place, (total.get(place) ?? 0) + spent);
  }
  blocking += Math.max(0, (task.dur ?? 0) * 4 - 50_000);
  if (showTasks) {
    process.stdout.write(`task at ${ms(task.ts - t0)} ms, ${ms(task.dur ?? 0)} ms recorded:\n`);
    for (const [place, us] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 8)) process.stdout.write(`    ${ms(us)} ms  ${place}\n`);
  }
}
process.stdout.write(`${longTasks.length} tasks over ${LONG_MS} ms as recorded (about ${ms(blocking)} ms blocking at 4×); sampled time in them by source:\n`);
for (const [place, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stdout.write(`  ${ms(us)} ms  ${place}\n`);
