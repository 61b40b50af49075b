import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the client router takes over.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = path.join(webDir, 'index.html');
  app.use(
    '/assets/*',
    serveStatic({
      root: webDir,
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root: webDir, index: '' }));
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('cache-control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
