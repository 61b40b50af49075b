import { Hono } from 'hono';
import { REGISTRATION_TEXTS, approvalDecisionSchema, inviteCreateSchema, registrationInfoQuerySchema, registrationUpdateSchema, type Invite, type InviteList, type RegistrationInfo, type RegistrationSettings } from '@common/registration';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { idParam, userIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeAdmin } from '../../policy/admin';
import { decideApproval } from './approvals';
import { createInvite, inviteUsable, listInvites, revokeInvite } from './invites';
import { readRegistration, updateRegistration } from './settings';


const manage = guard(authorizeAdmin, 'manageRegistration');

/**
 * Who may join, admins only, each route behind the admin guard (they share /api/admin
 * with other routers): /api/admin/settings/registration, /api/admin/invites,
 * /api/admin/users/:uid/approval.
 */
export function adminRegistrationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/settings/registration', manage, async (c) => c.json((await readRegistration(ctx.db)) satisfies RegistrationSettings));

  app.patch('/settings/registration', manage, rateLimit(ctx, 'adminWrites'), async (c) => {
    const update = await readJson(c, registrationUpdateSchema);
    return c.json((await updateRegistration(ctx, c.var.user, update)) satisfies RegistrationSettings);
  });

  app.get('/invites', manage, async (c) => c.json((await listInvites(ctx)) satisfies InviteList));

  app.post('/invites', manage, rateLimit(ctx, 'adminWrites'), async (c) => {
    const input = await readJson(c, inviteCreateSchema);
    return c.json((await createInvite(ctx, c.var.user, input)) satisfies Invite, 201);
  });

  app.post('/invites/:id/revoke', manage, rateLimit(ctx, 'adminWrites'), async (c) => {
    const id = idParam(c, 'id', REGISTRATION_TEXTS.inviteGone, 'dashed');
    return c.json((await revokeInvite(ctx, c.var.user, id)) satisfies Invite);
  });

  app.post('/users/:uid/approval', manage, rateLimit(ctx, 'adminWrites'), async (c) => {
    const uid = userIdParam(c);
    const decision = await readJson(c, approvalDecisionSchema);
    return c.json(await decideApproval(ctx, c.var.user, uid, decision));
  });

  return app;
}

/** GET /api/registration?invite=CODE: the mode, and whether the invite can be used, for the login screen. */
export function registrationInfoRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { invite } = readQuery(c, registrationInfoQuerySchema);
    const { mode } = await readRegistration(ctx.db);
    const state = invite === undefined ? null : (await inviteUsable(ctx.db, invite, new Date().toISOString())) ? 'valid' : 'invalid';
    return c.json({ mode, invite: state } satisfies RegistrationInfo);
  });
  return app;
}
