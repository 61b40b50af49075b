import { Hono, type MiddlewareHandler } from 'hono';
import type { RegistrationInfo } from '@common/registration/registration';
import { ADMIN_REGISTRATION_BASE, REGISTRATION_INFO_BASE, adminRegistrationContracts, registrationInfoContracts } from '@common/registration/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { authorizeAdmin } from '../../policy/admin';
import { decideApproval } from './approvals';
import { createInvite, inviteUsable, listInvites, revokeInvite } from './invites';
import { readRegistration, updateRegistration } from './settings';

/**
 * Who may join, admins only (common/registration/contract.ts), each route behind the admin
 * guard (they share /api/admin with other routers): /api/admin/settings/registration,
 * /api/admin/invites, /api/admin/users/:uid/approval.
 */
export function adminRegistrationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ADMIN_REGISTRATION_BASE);
  // The admin check first, ahead of the rate limit, the path's ids and the body (as http/guards.ts does).
  const manage: MiddlewareHandler<AppEnv> = async (c, next) => {
    authorizeAdmin(c.var.viewer, 'manageRegistration');
    await next();
  };
  const writes = [manage, rateLimit(ctx, 'adminWrites')];

  routes.signedIn(adminRegistrationContracts.settings, [manage], async () => readRegistration(ctx.db));
  routes.signedIn(adminRegistrationContracts.updateSettings, writes, async ({ body }, c) => updateRegistration(ctx, c.var.user, body));
  routes.signedIn(adminRegistrationContracts.invites, [manage], async () => listInvites(ctx));
  routes.signedIn(adminRegistrationContracts.createInvite, writes, async ({ body }, c) => createInvite(ctx, c.var.user, body));
  routes.signedIn(adminRegistrationContracts.revokeInvite, writes, async ({ params }, c) => revokeInvite(ctx, c.var.user, params.id));
  routes.signedIn(adminRegistrationContracts.decideApproval, writes, async ({ params, body }, c) => decideApproval(ctx, c.var.user, params.uid, body));

  return app;
}

/** GET /api/registration?invite=CODE (common/registration/contract.ts): the mode, and whether the invite can be used, for the login screen. */
export function registrationInfoRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, REGISTRATION_INFO_BASE);
  routes.open(registrationInfoContracts.info, [], async ({ query }) => {
    const { mode } = await readRegistration(ctx.db);
    const state: RegistrationInfo['invite'] = query.invite === undefined ? null : (await inviteUsable(ctx.db, query.invite, new Date().toISOString())) ? 'valid' : 'invalid';
    return { mode, invite: state };
  });
  return app;
}
