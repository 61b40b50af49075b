import { Hono } from 'hono';
import { FOLLOWS_BASE, followContracts } from '@common/follows/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { listFollowers, listFollowing, listFriends, listRequests, searchWriters, suggestWriters } from './queries/lists';
import { answerRequest, changeFollowSettings, follow, readFollowSettings, readRelationship, removeFollower, unfollow, visibleProfile } from './service';

/**
 * The follow graph (common/follows/contract.ts). Mounted at /api beside other routers, so
 * guards are attached per route, never with app.use: a catch-all here would run for every
 * later API request. Every graph write counts under `followActions`.
 */
export function followRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, FOLLOWS_BASE);
  const limited = [rateLimit(ctx, 'followActions')];

  routes.open(followContracts.relationship, [], async ({ params }, c) => ({ relationship: await readRelationship(ctx, c.var.viewer, params.uid) }));

  routes.open(followContracts.following, [], async ({ params, query }, c) => {
    const uid = await visibleProfile(ctx, c.var.viewer, params.uid);
    return listFollowing(ctx.db, c.var.viewer, uid, query.cursor);
  });

  routes.open(followContracts.followers, [], async ({ params, query }, c) => {
    const uid = await visibleProfile(ctx, c.var.viewer, params.uid);
    return listFollowers(ctx.db, c.var.viewer, uid, query.cursor);
  });

  routes.signedIn(followContracts.requests, [], async ({ query }, c) => listRequests(ctx.db, c.var.viewer, query.cursor));

  for (const [contract, accept] of [
    [followContracts.acceptRequest, true],
    [followContracts.declineRequest, false],
  ] as const) {
    routes.signedIn(contract, limited, async ({ params }, c) => {
      await answerRequest(ctx, c.var.viewer, params.uid, accept);
      return { ok: true as const };
    });
  }

  routes.signedIn(followContracts.follow, limited, async ({ params }, c) => ({ relationship: await follow(ctx, c.var.viewer, params.uid) }));
  routes.signedIn(followContracts.unfollow, limited, async ({ params }, c) => ({ relationship: await unfollow(ctx, c.var.viewer, params.uid) }));
  routes.signedIn(followContracts.removeFollower, limited, async ({ params }, c) => ({ relationship: await removeFollower(ctx, c.var.viewer, params.uid) }));

  routes.signedIn(followContracts.friends, [], async ({ query }, c) => listFriends(ctx.db, c.var.viewer, query.cursor));

  routes.signedIn(followContracts.settings, [], async (_request, c) => readFollowSettings(ctx, c.var.viewer));
  routes.signedIn(followContracts.changeSettings, [], async ({ body }, c) => changeFollowSettings(ctx, c.var.viewer, body));

  routes.signedIn(followContracts.search, [], async ({ query }, c) => searchWriters(ctx.db, c.var.viewer, query.q, query.cursor));
  routes.signedIn(followContracts.suggestions, [], async (_request, c) => ({ writers: await suggestWriters(ctx.db, c.var.viewer) }));

  return app;
}
