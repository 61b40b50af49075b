import { Hono } from 'hono';
import { ADMIN_GREETINGS_BASE, GREETINGS_BASE, adminGreetingContracts, greetingContracts } from '@common/greetings/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { guard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeGreetings } from './policy';
import { applyImport, exportCsv, previewImport } from './csv';
import { createGreeting, deleteGreeting, listGreetings, setAllEnabled, todaysGreeting, updateGreeting } from './service';

/** /api/greetings (common/greetings/contract.ts): the greeting of the day for the signed-in home. */
export function greetingRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, GREETINGS_BASE);
  routes.signedIn(greetingContracts.today, [], async (_request, c) => {
    authorizeGreetings(c.var.viewer, 'read');
    return { greeting: await todaysGreeting(ctx) };
  });
  return app;
}

/**
 * /api/admin/greetings (common/greetings/contract.ts): the Greetings Manager. Every change,
 * and the import preview (it reads a whole file), counts under adminWrites.
 */
export function adminGreetingRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  // Before anything else on an admin route (the body, the rate limit): 401 for guests, 403 for writers.
  app.use('*', guard(authorizeGreetings, 'manage'));
  const routes = contractRoutes(app, ADMIN_GREETINGS_BASE);
  const writes = [rateLimit(ctx, 'adminWrites')];

  routes.signedIn(adminGreetingContracts.list, [], async () => ({ greetings: await listGreetings(ctx) }));
  routes.signedIn(adminGreetingContracts.create, writes, async ({ body }, c) => ({ greeting: await createGreeting(ctx, c.var.user, body) }));
  routes.signedIn(adminGreetingContracts.update, writes, async ({ params, body }, c) => ({ greeting: await updateGreeting(ctx, c.var.user, params.id, body) }));
  routes.signedIn(adminGreetingContracts.remove, writes, async ({ params }, c) => {
    await deleteGreeting(ctx, c.var.user, params.id);
    return { deleted: true as const };
  });
  routes.signedIn(adminGreetingContracts.enableAll, writes, async (_request, c) => ({ changed: await setAllEnabled(ctx, c.var.user, true) }));
  routes.signedIn(adminGreetingContracts.disableAll, writes, async (_request, c) => ({ changed: await setAllEnabled(ctx, c.var.user, false) }));
  routes.signedIn(adminGreetingContracts.previewImport, writes, async ({ body }) => previewImport(ctx, body.csv));
  routes.signedIn(adminGreetingContracts.import, writes, async ({ body }, c) => applyImport(ctx, c.var.user, body.csv));

  // A CSV file, not JSON: a plain route the Export link downloads.
  app.get('/export', async (c) =>
    c.body(await exportCsv(ctx), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="greetings.csv"',
    }),
  );

  return app;
}
