import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManifestTransform } from 'workbox-build';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { staticClosure } from './eager-js';
import { API_CACHE_NAME } from '../common/shared/pwa';

/** The manifest's colours: the default accent (blue-700, the favicon's) and the light page; the page's meta theme-color follows the chosen accent (web/app/theme/system-theme.ts). */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#f8fafc';


const ASSETS_DIR = fileURLToPath(new URL('../dist/web/assets', import.meta.url));

/**
 * What the offline promise needs at hand before it is ever asked for (docs/decisions/0068): the
 * shell a signed-in page runs, and the screens to read and write stories. Each with every chunk
 * it imports. Other screens' chunks are kept when they are first loaded (the `assets` cache below).
 */
const OFFLINE_ROOTS = [
  'app-', 'LiveEvents-', 'SignedInNav-', 'MobileMenuPanel-', 'AccountMenuDropdown-', 'pwa-runtime-', 'ToastItem-', 'VerifyEmailBanner-',
  'HomeScreen-', 'CommunityScreen-', 'StoryScreen-', 'NewStoryScreen-', 'MyStoriesScreen-', 'FavoritesScreen-', 'NotFoundScreen-', 'sync-queue-',
];

/** Drops from the precache every script the offline promise does not need (styles, icons and the page stay). */
const offlineScriptsOnly: ManifestTransform = async (entries) => {
  const needed = new Set(staticClosure(ASSETS_DIR, OFFLINE_ROOTS));
  const manifest = entries.filter((entry) => !entry.url.endsWith('.js') || !entry.url.startsWith('assets/') || needed.has(path.basename(entry.url)));
  return { manifest, warnings: [] };
};

/**
 * The installable app (docs/decisions/0047-installable-app-offline-and-push.md): a manifest and
 * a Workbox service worker that precaches the built shell (the scripts the offline promise needs,
 * styles and icons) and keeps the last answer of every API read for reading offline. It waits
 * to take over until the page says so ("A new version is ready — Reload"), so an old shell never
 * runs against a new server; web/app/pwa/register.ts registers it after the page has loaded.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  // Registered by web/app/pwa/register.ts after load, not by a script in index.html.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Drabble',
    short_name: 'Drabble',
    description: 'Write, share and talk about ultra-short fiction.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Not the route table the server reads; not the password checker (signing up and changing a
    // password need the server anyway) nor the admin dashboard's charts: together a third of the download.
    globIgnores: ['route-preloads.json', '**/*.map', 'assets/password-estimator-*', 'assets/DashboardChart-*'],
    manifestTransforms: [offlineScriptsOnly],
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once (it could serve nothing stale); a new version
    // still waits for "Reload" (registerType 'prompt': no skipWaiting).
    clientsClaim: true,
    // Every in-app address opens the cached shell; the API, feeds and files (a dot in the last segment) are the server's.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /\/[^/]*\.[^/]*$/],
    // Push notifications and their clicks (web/public/push-sw.js).
    importScripts: ['/push-sw.js'],
    runtimeCaching: [
      {
        // Every other screen's scripts, kept the first time they load: their names change with
        // their content, so a kept one is never stale. A screen once opened opens offline too.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
        handler: 'CacheFirst',
        options: { cacheName: 'drabble-assets', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // Reads of the API, newest first: offline, the last answer (the stories you opened, your own list).
        // Not the sign-in endpoints, not the live stream.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/') && !/^\/api\/(auth|events)\b/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE_NAME,
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
