import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

/** Sets Cache-Control on successful responses matching `when` (serveStatic's onFound runs too late to add headers). */
function cacheControl(value: string, when: (c: Parameters<MiddlewareHandler>[0]) => boolean = () => true): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && when(c)) c.res.headers.set('cache-control', value);
  };
}

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the client router takes over.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = path.join(webDir, 'index.html');
  app.use('/assets/*', cacheControl('public, max-age=31536000, immutable'));
  app.use('*', cacheControl('no-cache', (c) => (c.res.headers.get('content-type') ?? '').startsWith('text/html')));
  app.use('*', serveStatic({ root: webDir }));
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
