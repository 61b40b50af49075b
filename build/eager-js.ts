import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** the budget for the JavaScript a first page load fetches before anything else: 120 KB gzip. */
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

/** A built chunk's static imports (`from "./x.js"`, `import "./x.js"`), as file names in the same folder. */
function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(match[1] ?? '');
  found.delete('');
  return [...found];
}

/**
 * The chunks whose names start with `prefixes` (a screen's chunk: `CommunityScreen-`) and every
 * chunk they import statically, in turn: what the browser runs before that screen shows.
 */
export function staticClosure(assetsDir: string, prefixes: string[]): string[] {
  const names = fs.readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const queue = prefixes.map((prefix) => {
    const match = names.find((name) => name.startsWith(prefix));
    if (!match) throw new Error(`no chunk named ${prefix}… in ${assetsDir}`);
    return match;
  });
  const seen = new Set<string>();
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...staticImportsOf(fs.readFileSync(path.join(assetsDir, name), 'utf8')));
  }
  return [...seen];
}

/** The source files a built chunk was made from, by its source map (none for the bundler's own runtime chunk, which has no map). */
export function chunkSources(assetsDir: string, name: string): string[] {
  const file = path.join(assetsDir, `${name}.map`);
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}
