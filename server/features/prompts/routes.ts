import { Hono, type Context } from 'hono';
import { promptArchiveQuerySchema, promptDateSchema, todayPrompt, utcDayKey, type TodayPromptResponse } from '@common/prompts';
import { pageQuerySchema } from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { parseWith, readQuery } from '../../http/validate';
import { hasAnswered, promptArchive, promptDay, promptStories } from './queries';

/** The `:date` of a prompt page: a real day written YYYY-MM-DD (400 otherwise). */
const dateParam = (c: Context<AppEnv>) => parseWith(promptDateSchema, c.req.param('date'));

/**
 * /api/prompts: today's prompt, a day's prompt page and its stories, and the archive.
 * Every read is open to guests, like the community shelf.
 */
export function promptRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/today', async (c) => {
    const now = new Date();
    const date = utcDayKey(now);
    const answered = await hasAnswered(ctx.db, c.var.viewer, date);
    return c.json({ date, prompt: todayPrompt(now), answered } satisfies TodayPromptResponse);
  });

  app.get('/', async (c) => {
    const { cursor } = readQuery(c, promptArchiveQuerySchema);
    return c.json(await promptArchive(ctx.db, cursor, new Date()));
  });

  app.get('/:date', async (c) => c.json(await promptDay(ctx.db, c.var.viewer, dateParam(c), new Date())));

  app.get('/:date/stories', async (c) => {
    const date = dateParam(c);
    const query = readQuery(c, pageQuerySchema);
    return c.json(await promptStories(ctx.db, c.var.viewer, date, new Date(), query));
  });

  return app;
}
