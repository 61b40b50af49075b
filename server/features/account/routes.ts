import { Hono, type Context } from 'hono';
import { ACCOUNT_TEXTS, PROVIDER_LABELS, type AccountMessage } from '@common/account/account';
import { ACCOUNT_BASE, accountContracts } from '@common/account/contract';
import type { AppEnv, ServerContext } from '../../context';
import { actorOf } from '../../shared/actor';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit, takePlace } from '../../http/rate-limit';
import { disconnectProvider, listSessions, revokeSession } from './connections';
import { revokeSessions } from './identity';
import { changePassword, forgotPassword, resetPassword } from './passwords';
import {
  accountOverview,
  changeDisplayName,
  confirmEmailChange,
  requestEmailChange,
  resendVerification,
  verifyEmail,
} from './service';

const message = (text: string): AccountMessage => ({ message: text });

/** Emailed-link answers per client address (LIMITS.emailLinks). */
const limitLinkAttempts = (ctx: ServerContext, c: Context<AppEnv>) => takePlace(ctx, c, 'emailLinks');

/**
 * /api/account (common/account/contract.ts): a person's own sign-in details. Every signed-in
 * route acts on the session's user only; the emailed-link routes act on whoever the link was made for.
 */
export function accountRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ACCOUNT_BASE);

  routes.signedIn(accountContracts.overview, [], async (_request, c) => accountOverview(ctx, c.var.user));

  routes.signedIn(accountContracts.name, [], async ({ body }, c) => ({ user: await changeDisplayName(ctx, actorOf(c), body.displayName) }));

  routes.signedIn(accountContracts.changeEmail, [], async ({ body }, c) => message(await requestEmailChange(ctx, actorOf(c), body)));

  // A link's attempts are counted once its body has been read: a malformed request takes no place.
  routes.open(accountContracts.confirmEmail, [], async ({ body }, c) => {
    await limitLinkAttempts(ctx, c);
    return message(await confirmEmailChange(ctx, body.token));
  });

  routes.open(accountContracts.verifyEmail, [], async ({ body }, c) => {
    await limitLinkAttempts(ctx, c);
    return message(await verifyEmail(ctx, body.token));
  });

  routes.signedIn(accountContracts.resendVerification, [], async (_request, c) => message(await resendVerification(ctx, c.var.user)));

  routes.signedIn(accountContracts.changePassword, [], async ({ body }, c) => message(await changePassword(ctx, actorOf(c), body)));

  routes.open(accountContracts.forgotPassword, [rateLimit(ctx, 'forgotPassword')], async ({ body }) => message(forgotPassword(ctx, body.email)));

  routes.open(accountContracts.resetPassword, [], async ({ body }, c) => {
    const user = await resetPassword(ctx, body.token, body.newPassword, c.var.clientIp);
    // Signed in afresh, as if through the login form, so the session is an ordinary one.
    const headers = new Headers({ [CLIENT_IP_HEADER]: c.var.clientIp });
    const agent = c.req.header('user-agent');
    if (agent) headers.set('user-agent', agent);
    const signedIn = await ctx.auth.api.signInEmail({ body: { email: user.email, password: body.newPassword }, headers, returnHeaders: true });
    for (const cookie of signedIn.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return { user };
  });

  routes.signedIn(accountContracts.disconnectProvider, [], async ({ params }, c) => {
    await disconnectProvider(ctx, c.var.user.uid, params.id);
    return { ...(await accountOverview(ctx, c.var.user)), message: ACCOUNT_TEXTS.providerDisconnected(PROVIDER_LABELS[params.id]) };
  });

  routes.signedIn(accountContracts.sessions, [], async (_request, c) => ({ sessions: await listSessions(ctx, c.var.user.uid, c.var.sessionId) }));

  routes.signedIn(accountContracts.revokeSession, [], async ({ params }, c) => {
    await revokeSession(ctx, c.var.user.uid, params.id);
    return message(ACCOUNT_TEXTS.sessionRevoked);
  });

  routes.signedIn(accountContracts.revokeOtherSessions, [], async (_request, c) => {
    await revokeSessions(ctx, c.var.user.uid, c.var.sessionId);
    return message(ACCOUNT_TEXTS.otherSessionsRevoked);
  });

  return app;
}
