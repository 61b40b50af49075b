import { Hono } from 'hono';
import { CHALLENGE_NOT_FOUND, challengeCreateSchema } from '@common/challenges';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { giveUpChallenge, listChallenges, startChallenge } from './service';

/** Mounted at /api/me: the writer's own challenges (owner only; nobody else's are reachable). */
export function challengeRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/challenges', requireUser, async (c) => c.json(await listChallenges(ctx, c.var.user.uid)));

  app.post('/challenges', requireUser, rateLimit(ctx, 'challenges'), async (c) => {
    const input = await readJson(c, challengeCreateSchema);
    return c.json(await startChallenge(ctx, c.var.user.uid, input), 201);
  });

  app.delete('/challenges/:id', requireUser, rateLimit(ctx, 'challenges'), async (c) => {
    return c.json(await giveUpChallenge(ctx, c.var.user.uid, idParam(c, 'id', CHALLENGE_NOT_FOUND)));
  });

  return app;
}
