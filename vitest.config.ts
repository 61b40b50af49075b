import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
          // Pure tests that stub what they need and undo it: a fresh module graph per file cost
          // 20 of the project's 22 s (26 core-seconds; 6 without), importing the same modules again.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // The files of one worker share its module cache: each file no longer imports the
          // whole server again (136 s of imports in a CI run, 31 s without). Every file starts
          // servers and databases of its own, so nothing a test changes is shared.
          isolate: false,
          environment: 'node',
          // A guard against a hung test, not a speed check (timing belongs in bench/): the test
          // of 180 requests at one story takes 2–4 s quiet, 7–12 s beside stress-ng, and passed
          // 20 s in a CI run on a slow machine (docs/decisions/0061).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
