import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and over a kilobyte (smaller ones gain less than the header costs). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) next to one file. */
export function precompressFile(file: string): void {
  const data = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }));
}

/**
 * After `vite build`, stores a brotli and a gzip copy of every compressible built file, so the
 * server sends them as they are (serveStatic's `precompressed`) instead of compressing each
 * request or sending them raw. Source maps are compressed too: they are large and rarely fetched.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'drabble-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES) precompressFile(file);
      }
    },
  };
}
