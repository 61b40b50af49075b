import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
];

/**
 * `--mode cli` builds the command line (server/cli/main.ts) to dist/cli.js instead; bin/drabble.js
 * builds it on first use, so `npm start` does not pay for it.
 */
export default defineConfig(({ mode }) => ({
  resolve: {
    alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) },
  },
  ssr: { noExternal: true, external: EXTERNAL },
  build: {
    ssr: fileURLToPath(new URL(mode === 'cli' ? './server/cli/main.ts' : './server/main.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: { output: { entryFileNames: mode === 'cli' ? 'cli.js' : 'server.js', codeSplitting: false } },
  },
}));
