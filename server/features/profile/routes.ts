import { Hono } from 'hono';
import { PROFILE_BASE, USERS_BASE, profileContracts, userContracts } from '@common/profile/contract';
import type { AppEnv, ServerContext } from '../../context';
import { actorOf } from '../../shared/actor';
import { contractRoutes } from '../../http/contract-routes';
import { changeAboutMe, changeDetails, changePronouns, changeProfileIcon, myStats, publicProfile, publicStories } from './service';

/**
 * /api/me: the signed-in writer's own profile (common/profile/contract.ts). Every route acts
 * on the session's user; there is no way to name another (a uid in a body is an unknown key: 400).
 */
export function profileRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, PROFILE_BASE);

  routes.signedIn(profileContracts.icon, [], async ({ body }, c) => ({ user: await changeProfileIcon(ctx, actorOf(c), body.profileIcon) }));
  routes.signedIn(profileContracts.about, [], async ({ body }, c) => ({ user: await changeAboutMe(ctx, actorOf(c), body.aboutMe) }));
  routes.signedIn(profileContracts.pronouns, [], async ({ body }, c) => ({ user: await changePronouns(ctx, actorOf(c), body.pronouns) }));
  routes.signedIn(profileContracts.details, [], async ({ body }, c) => ({ user: await changeDetails(ctx, actorOf(c), body) }));
  routes.signedIn(profileContracts.stats, [], async (_request, c) => myStats(ctx, c.var.viewer));

  return app;
}

/** /api/users: public profiles, readable by anyone, like public stories (common/profile/contract.ts). */
export function userRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, USERS_BASE);

  routes.open(userContracts.profile, [], async ({ params }, c) => publicProfile(ctx, c.var.viewer, params.uid));
  routes.open(userContracts.stories, [], async ({ params, query }, c) => publicStories(ctx, c.var.viewer, params.uid, query));

  return app;
}
