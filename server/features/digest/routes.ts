import { Hono } from 'hono';
import { DIGEST_BASE, DIGEST_SETTINGS_BASE, digestContracts } from '@common/digest/contract';
import { digestUnsubscribeQuerySchema } from '@common/digest/digest';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { appLink } from '../../email/templates';
import { readDigestSettings, unsubscribeDigest, updateDigestSettings } from './service';

/** /api/me/digest (common/digest/contract.ts): the reader's weekly digest settings. */
export function digestSettingsRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route needs the session itself (never app.use('*')).
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, DIGEST_SETTINGS_BASE);
  routes.signedIn(digestContracts.read, [], async (_request, c) => ({ digest: await readDigestSettings(ctx, c.var.user.uid) }));
  routes.signedIn(digestContracts.update, [rateLimit(ctx, 'inboxWrites')], async ({ body }, c) => ({ digest: await updateDigestSettings(ctx, c.var.user.uid, body) }));
  return app;
}

/**
 * /api/digest/unsubscribe: the List-Unsubscribe URL. A POST (the mail client's one click, RFC
 * 8058, or the confirmation page's button) switches the digest off; a GET (someone, or a mail
 * scanner, opening the link) changes nothing and goes to the confirmation page.
 */
export function digestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, DIGEST_BASE);
  routes.open(digestContracts.unsubscribe, [rateLimit(ctx, 'inboxWrites')], async ({ query }) => unsubscribeDigest(ctx, query.token));
  app.get('/unsubscribe', (c) => {
    const token = digestUnsubscribeQuerySchema.safeParse({ token: c.req.query('token') });
    return c.redirect(appLink(ctx.config.publicUrl, '/digest/unsubscribe', token.success ? token.data.token : undefined), 303);
  });
  return app;
}
