import { Hono } from 'hono';
import { CHALLENGES_BASE, challengeContracts } from '@common/challenges/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { giveUpChallenge, listChallenges, startChallenge } from './service';

/** Mounted at /api/me (common/challenges/contract.ts): the writer's own challenges (owner only; nobody else's are reachable). */
export function challengeRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, CHALLENGES_BASE);
  const limited = [rateLimit(ctx, 'challenges')];

  routes.signedIn(challengeContracts.list, [], async (_request, c) => listChallenges(ctx, c.var.user.uid));
  routes.signedIn(challengeContracts.start, limited, async ({ body }, c) => startChallenge(ctx, c.var.user.uid, body));
  routes.signedIn(challengeContracts.giveUp, limited, async ({ params }, c) => giveUpChallenge(ctx, c.var.user.uid, params.id));

  return app;
}
