import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { sharedScreenChunk } from './build/shared-screen-chunk';
import { lucideDeepImports } from './build/lucide-deep-imports';
import { pureSchemas } from './build/pure-schemas';
import { contractsWithoutSchemas } from './build/contracts-without-schemas';
import { pwaOptions } from './build/pwa';

/** What every page runs first: React, the router, TanStack Query's core and lucide's icon factory. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context))[\\/.]/;
/** Parts of TanStack Query only screens use (mutations, paged lists): they load with those screens. */
const SCREEN_ONLY_QUERY = /[\\/](mutationObserver|infiniteQueryObserver|useMutation|useInfiniteQuery|infiniteQueryOptions)\.js$/;

/**
 * One chunk for the framework instead of the few the bundler would cut it into (each file on
 * the first load costs a request and compresses worse alone); index.html loads it with the entry.
 */
function inFrameworkChunk(id: string): boolean {
  return FRAMEWORK.test(id) && !SCREEN_ONLY_QUERY.test(id);
}

/** The project's shared pure code (no I/O). */
const COMMON_DIR = fileURLToPath(new URL('./common/', import.meta.url));

const webFile = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

/**
 * The first load's shared code, in the order it runs: the pages people land on with the failure
 * screen every first screen fetches after it (app/screen-route.tsx), then the signed-in shell's
 * parts (the live stream with its event schemas, the bar), then the banner every new account has
 * until its email is verified (left to the shared chunk, it loaded all 290 KB of it, and zod, on
 * those first visits). Each a chunk, so each runs in a task of its own.
 */
const FIRST_LOAD = [
  { name: 'screens-landing', roots: ['features/stories/CommunityScreen.tsx', 'features/home/HomeScreen.tsx', 'components/OnDemandScreen.tsx'].map(webFile) },
  { name: 'screens-shell', roots: ['app/LiveEvents.tsx', 'app/nav/SignedInNav.tsx'].map(webFile) },
  { name: 'screens-unverified', roots: ['app/VerifyEmailBanner.tsx'].map(webFile) },
];

const shared = sharedScreenChunk({ firstLoad: FIRST_LOAD });

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
/**
 * React Router's package exports its development build whatever the mode (remix-run/react-router#14102,
 * open): its warnings and checks in every production page (1.7 KB of the framework chunk, 0.6 KB gzip). The
 * production build ships beside it; builds take that one (the dev server keeps the warnings).
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [lucideDeepImports(), contractsWithoutSchemas(), pureSchemas(), react(), tailwindcss(), shared.plugin, routePreloads([fileURLToPath(new URL('./web/app/router.tsx', import.meta.url)), fileURLToPath(new URL('./web/app/admin-routes.tsx', import.meta.url))]), VitePWA(pwaOptions), precompress()],
  resolve: {
    alias: [{ find: '@common', replacement: fileURLToPath(new URL('./common', import.meta.url)) }, ...(command === 'build' ? REACT_ROUTER_PRODUCTION : [])],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // index.html loads these before any lazy import can run: naming them again in every lazy
      // import's preload list only cost first-load bytes (a list per route in the app chunk).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)(rolldown-runtime|framework|app)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      // The app's own first-load code in one chunk, whatever else imports it: left to the bundler,
      // a small change elsewhere (a lazy popover's imports) cut three of its modules into chunks
      // of their own, each a request of the first load and over the eager budget together.
      output: { codeSplitting: { groups: [{ name: 'framework', test: inFrameworkChunk }, { name: 'app', test: (id: string) => shared.isEager(id) }, ...shared.groups] } },
      // common/ is pure code with no effects of its own: a module that imports one of its
      // modules for nothing it reads in production (a schema read in development only) does
      // not load it, nor the chunk it is in (docs/decisions/0049).
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(COMMON_DIR) },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API refuses foreign origins; in development the page's origin is Vite's,
      // so the proxy presents requests as coming from the API's own origin.
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', apiTarget);
          });
        },
      },
    },
  },
}));
