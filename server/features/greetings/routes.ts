import { Hono, type MiddlewareHandler } from 'hono';
import { GREETING_TEXTS, greetingCreateSchema, greetingImportSchema, greetingUpdateSchema } from '@common/greetings';
import type { AppEnv, ServerContext, SignedInEnv } from '../../context';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { authorizeGreetings } from '../../policy/greetings';
import type { Viewer } from '../../policy/viewer';
import { applyImport, exportCsv, previewImport } from './csv';
import { createGreeting, deleteGreeting, listGreetings, setAllEnabled, todaysGreeting, updateGreeting } from './service';

/** /api/greetings: the greeting of the day for the signed-in home. */
export function greetingRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/today', async (c) => {
    authorizeGreetings(c.var.viewer, 'read');
    return c.json({ greeting: await todaysGreeting(ctx) });
  });
  return app;
}

/** Before anything else on an admin route (the body, the rate limit): 401 for guests, 403 for writers. */
const adminsOnly: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const viewer: Viewer = c.var.viewer;
  authorizeGreetings(viewer, 'manage');
  await next();
};

/** Starter greetings have ids like `starter-01`; anything else that is not an id is simply not found. */
const GREETING_ID = /^[A-Za-z0-9-]{1,64}$/;

function greetingId(param: string | undefined): string {
  if (!param || !GREETING_ID.test(param)) throw notFound(GREETING_TEXTS.notFound);
  return param;
}

/** /api/admin/greetings: the Greetings Manager. Every change, and the import preview (it reads a whole file), counts under adminWrites. */
export function adminGreetingRoutes(ctx: ServerContext) {
  const app = new Hono<SignedInEnv>();
  app.use('*', adminsOnly);
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', async (c) => c.json({ greetings: await listGreetings(ctx) }));

  app.post('/', writes, async (c) => {
    const input = await readJson(c, greetingCreateSchema);
    return c.json({ greeting: await createGreeting(ctx, c.var.user, input) }, 201);
  });

  app.patch('/:id', writes, async (c) => {
    const id = greetingId(c.req.param('id'));
    const patch = await readJson(c, greetingUpdateSchema);
    return c.json({ greeting: await updateGreeting(ctx, c.var.user, id, patch) });
  });

  app.delete('/:id', writes, async (c) => {
    await deleteGreeting(ctx, c.var.user, greetingId(c.req.param('id')));
    return c.json({ deleted: true as const });
  });

  app.post('/enable-all', writes, async (c) => c.json({ changed: await setAllEnabled(ctx, c.var.user, true) }));
  app.post('/disable-all', writes, async (c) => c.json({ changed: await setAllEnabled(ctx, c.var.user, false) }));

  app.post('/import/preview', writes, async (c) => {
    const { csv } = await readJson(c, greetingImportSchema);
    return c.json(await previewImport(ctx, csv));
  });

  app.post('/import', writes, async (c) => {
    const { csv } = await readJson(c, greetingImportSchema);
    return c.json(await applyImport(ctx, c.var.user, csv));
  });

  app.get('/export', async (c) =>
    c.body(await exportCsv(ctx), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="greetings.csv"',
    }),
  );

  return app;
}
