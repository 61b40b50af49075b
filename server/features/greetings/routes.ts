import { Hono } from 'hono';
import { GREETING_TEXTS, greetingCreateSchema, greetingImportSchema, greetingUpdateSchema } from '@common/greetings';
import type { AppEnv, ServerContext, SignedInEnv } from '../../context';
import { guard } from '../../http/guards';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { authorizeGreetings } from '../../policy/greetings';
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

/** /api/admin/greetings: the Greetings Manager. Every change, and the import preview (it reads a whole file), counts under adminWrites. */
export function adminGreetingRoutes(ctx: ServerContext) {
  const app = new Hono<SignedInEnv>();
  // Before anything else on an admin route (the body, the rate limit): 401 for guests, 403 for writers.
  app.use('*', guard(authorizeGreetings, 'manage'));
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', async (c) => c.json({ greetings: await listGreetings(ctx) }));

  app.post('/', writes, async (c) => {
    const input = await readJson(c, greetingCreateSchema);
    return c.json({ greeting: await createGreeting(ctx, c.var.user, input) }, 201);
  });

  app.patch('/:id', writes, async (c) => {
    const id = idParam(c, 'id', GREETING_TEXTS.notFound, 'dashed');
    const patch = await readJson(c, greetingUpdateSchema);
    return c.json({ greeting: await updateGreeting(ctx, c.var.user, id, patch) });
  });

  app.delete('/:id', writes, async (c) => {
    await deleteGreeting(ctx, c.var.user, idParam(c, 'id', GREETING_TEXTS.notFound, 'dashed'));
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
