import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Issue 13's budget for the JavaScript a first page load fetches before anything else: 120 KB gzip. */
export const EAGER_JS_BUDGET_BYTES = 120_000;

export interface EagerFile {
  /** As index.html names it, e.g. /assets/index-abc123.js. */
  url: string;
  rawBytes: number;
  /** gzip level 9, as Vite's build report counts it. */
  gzipBytes: number;
}

export interface EagerJs {
  files: EagerFile[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Every script the built index.html loads or modulepreloads: `<script src>` and
 * `<link rel="modulepreload">`. Chunks the router or React.lazy fetch later are not
 * counted; neither are links the server adds per route (server/static.ts).
 */
export function eagerScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  urls.delete('');
  return [...urls];
}

/** Measures the eager JavaScript of a built web app (`dist/web` after `vite build`). */
export function measureEagerJs(webDir: string): EagerJs {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const files = eagerScriptUrls(html).map((url) => {
    const data = fs.readFileSync(path.join(webDir, url.replace(/^\//, '')));
    return { url, rawBytes: data.length, gzipBytes: zlib.gzipSync(data, { level: 9 }).length };
  });
  return {
    files,
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
