/**
 * Writes the app's install icons (web/public/icons) from the favicon's drawing: the sizes
 * browsers ask a web app manifest for (192 and 512, and a maskable 512 whose mark sits in the
 * safe circle), and the 180 px icon iOS puts on the home screen. Run after changing the mark:
 * `tsx scripts/pwa-icons.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const MARK = '<path d="M10 23 22 9m-9 14h9" stroke="#fff" stroke-width="2.5" stroke-linecap="round" fill="none"/>';
const BLUE = '#1d4ed8';

/** The favicon's rounded square (`any`), or a full-bleed square with the mark inside the inner 60 % (`maskable`). */
function svg(kind: 'any' | 'maskable'): string {
  if (kind === 'any') return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/>${MARK}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(6.4 6.4) scale(0.6)">${MARK}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  // iOS draws its own rounded corners and shows transparency as black: full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, kind: 'maskable' },
] as const;

for (const icon of ICONS) {
  await sharp(Buffer.from(svg(icon.kind)), { density: 72 * (icon.size / 32) }).resize(icon.size, icon.size).png().toFile(path.join(out, icon.file));
}
