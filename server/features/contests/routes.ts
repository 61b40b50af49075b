import { Hono } from 'hono';
import { ADMIN_CONTESTS_BASE, CONTESTS_BASE, adminContestContracts, contestContracts } from '@common/contests/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeContests } from './policy';
import { adminContests, createContest, disqualifyEntry, editContest } from './admin';
import { castVote, contestPage, currentContests, enterContest, pastContests, withdrawEntry } from './service';

/** /api/contests (common/contests/contract.ts): reading is open to guests; entering and voting need a session. */
export function contestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, CONTESTS_BASE);
  const writes = rateLimit(ctx, 'contests');

  // Before '/:id', which would otherwise take 'current' for an id.
  routes.open(contestContracts.current, [], async () => currentContests(ctx, new Date()));
  routes.open(contestContracts.past, [], async () => pastContests(ctx, new Date()));
  routes.open(contestContracts.page, [], async ({ params }, c) => contestPage(ctx, c.var.viewer, params.id, new Date()));

  routes.signedIn(contestContracts.enter, [writes], async ({ params, body }, c) => enterContest(ctx, c.var.viewer, params.id, body.storyId, new Date()));
  routes.signedIn(contestContracts.withdraw, [writes], async ({ params }, c) => withdrawEntry(ctx, c.var.viewer, params.id, new Date()));

  routes.signedIn(contestContracts.vote, [writes], async ({ params }, c) => castVote(ctx, c.var.viewer, params.id, params.storyId, true, new Date()));
  routes.signedIn(contestContracts.unvote, [writes], async ({ params }, c) => castVote(ctx, c.var.viewer, params.id, params.storyId, false, new Date()));
  return app;
}

/**
 * /api/admin/contests (common/contests/contract.ts): the admins' screen. The router has the
 * prefix to itself, so the policy check guards all of it, ahead of the rate limit, the path's
 * ids and the body (and of a path no route takes, which non-admins are refused too).
 */
export function adminContestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.use('*', contractGuard(authorizeContests, 'manage'));
  const routes = contractRoutes(app, ADMIN_CONTESTS_BASE);
  const writes = rateLimit(ctx, 'adminWrites');

  routes.signedIn(adminContestContracts.list, [], async () => adminContests(ctx, new Date()));
  routes.signedIn(adminContestContracts.create, [writes], async ({ body }) => createContest(ctx, body, new Date()));
  routes.signedIn(adminContestContracts.edit, [writes], async ({ params, body }) => {
    await editContest(ctx, params.id, body, new Date());
    return { ok: true as const };
  });
  routes.signedIn(adminContestContracts.disqualify, [writes], async ({ params, body }) => {
    await disqualifyEntry(ctx, params.id, params.storyId, body.reason, new Date());
    return { ok: true as const };
  });
  return app;
}
