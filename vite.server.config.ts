import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The server compiled to one ES module, dist/server.js, so production runs plain Node: no
 * TypeScript transpiled at every start (tsx), and the packages bundled and tree-shaken with
 * it — better-auth alone costs 40 MiB of memory when its whole entry point is loaded, only
 * a fraction once bundled (bench/startup.ts measures start time and idle memory).
 * It sits beside dist/web so the server's `../dist/web` lookup resolves the same from the
 * source and from the build.
 */
const EXTERNAL = [
  // Native addons load their compiled binaries from node_modules.
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  // Loaded only when configured (PostgreSQL, SMTP), and pg's optional pg-native must stay a require.
  'pg',
  'nodemailer',
  // pino starts worker threads from files of its own for transports.
  'pino',
  // Loaded at first use (a push, a passkey ceremony): each holds megabytes an idle server need not.
  'web-push',
  '@simplewebauthn/server',
];

const WEBAUTHN_ON_DEMAND = fileURLToPath(new URL('./server/auth/webauthn-on-demand.ts', import.meta.url));

/**
 * better-auth's passkey plugin imports @simplewebauthn/server at the top; the build gives it
 * server/auth/webauthn-on-demand.ts instead, which imports the package at the first ceremony.
 */
function webAuthnOnDemand(): Plugin {
  return {
    name: 'drabble:webauthn-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@simplewebauthn/server' && importer !== undefined && importer !== WEBAUTHN_ON_DEMAND ? WEBAUTHN_ON_DEMAND : null;
    },
  };
}

/**
 * `--mode cli` builds the command line (server/cli/main.ts) to dist/cli.js instead; bin/drabble.js
 * builds it on first use, so `npm start` does not pay for it.
 */
export default defineConfig(({ mode }) => ({
  plugins: [webAuthnOnDemand()],
  resolve: {
    alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) },
  },
  ssr: { noExternal: true, external: EXTERNAL },
  build: {
    ssr: fileURLToPath(new URL(mode === 'cli' ? './server/cli/main.ts' : './server/main.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'node22',
    sourcemap: true,
    minify: false,
    rollupOptions: { output: { entryFileNames: mode === 'cli' ? 'cli.js' : 'server.js', codeSplitting: false } },
  },
}));
