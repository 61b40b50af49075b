import { Hono, type MiddlewareHandler } from 'hono';
import { PROMPTS_BASE, promptContracts } from '@common/prompts/contract';
import { promptDateSchema, todayPrompt, utcDayKey } from '@common/prompts/prompts';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { parseWith } from '../../http/validate';
import { hasAnswered, promptArchive, promptDay, promptStories } from './queries';

/**
 * The `:date` of a prompt page must be a real day written YYYY-MM-DD: a 400, not the 404 a
 * contract's path parameter gives, and before the query is read.
 */
const realDay: MiddlewareHandler<AppEnv> = async (c, next) => {
  parseWith(promptDateSchema, c.req.param('date'));
  await next();
};

/**
 * /api/prompts (common/prompts/contract.ts): today's prompt, a day's prompt page and its
 * stories, and the archive. Every read is open to guests, like the community shelf.
 */
export function promptRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, PROMPTS_BASE);

  routes.open(promptContracts.today, [], async (_request, c) => {
    const now = new Date();
    const date = utcDayKey(now);
    const answered = await hasAnswered(ctx.db, c.var.viewer, date);
    return { date, prompt: todayPrompt(now), answered };
  });

  routes.open(promptContracts.archive, [], async ({ query }) => promptArchive(ctx.db, query.cursor, new Date()));

  routes.open(promptContracts.day, [realDay], async ({ params }, c) => promptDay(ctx.db, c.var.viewer, params.date, new Date()));

  routes.open(promptContracts.stories, [realDay], async ({ params, query }, c) => promptStories(ctx.db, c.var.viewer, params.date, new Date(), query));

  return app;
}
