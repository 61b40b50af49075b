import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ACCOUNT_TEXTS,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  displayNameUpdateSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  linkTokenBodySchema,
  passwordChangeSchema,
  resetPasswordSchema,
  type AccountMessage,
  type AccountOverview,
  type AccountSessions,
} from '@common/account';
import type { MeResponse } from '@common/user';
import type { AppEnv, ServerContext } from '../../context';
import { actorOf } from '../../shared/actor';
import { requireUser } from '../../auth/session';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { readJson } from '../../http/validate';
import { notFound } from '../../http/errors';
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

const providerIdSchema = z.enum(PROVIDER_IDS);

/**
 * /api/account: a person's own sign-in details. Every signed-in route acts on the session's
 * user only; the emailed-link routes act on whoever the link was made for.
 */
export function accountRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/', requireUser, async (c) => c.json((await accountOverview(ctx, c.var.user)) satisfies AccountOverview));

  app.patch('/name', requireUser, async (c) => {
    const { displayName } = await readJson(c, displayNameUpdateSchema);
    return c.json({ user: await changeDisplayName(ctx, actorOf(c), displayName) } satisfies MeResponse);
  });

  app.post('/email', requireUser, async (c) => {
    const change = await readJson(c, emailChangeSchema);
    return c.json(message(await requestEmailChange(ctx, actorOf(c), change)));
  });

  app.post('/email/confirm', async (c) => {
    const { token } = await readJson(c, linkTokenBodySchema);
    await limitLinkAttempts(ctx, c);
    return c.json(message(await confirmEmailChange(ctx, token)));
  });

  app.post('/verify-email', async (c) => {
    const { token } = await readJson(c, linkTokenBodySchema);
    await limitLinkAttempts(ctx, c);
    return c.json(message(await verifyEmail(ctx, token)));
  });

  app.post('/verification/resend', requireUser, async (c) => c.json(message(await resendVerification(ctx, c.var.user))));

  app.post('/password', requireUser, async (c) => {
    const change = await readJson(c, passwordChangeSchema);
    return c.json(message(await changePassword(ctx, actorOf(c), change)));
  });

  app.post('/password/forgot', rateLimit(ctx, 'forgotPassword'), async (c) => {
    const { email } = await readJson(c, forgotPasswordSchema);
    return c.json(message(forgotPassword(ctx, email)));
  });

  app.post('/password/reset', async (c) => {
    const { token, newPassword } = await readJson(c, resetPasswordSchema);
    const user = await resetPassword(ctx, token, newPassword, c.var.clientIp);
    // Signed in afresh, as if through the login form, so the session is an ordinary one.
    const headers = new Headers({ [CLIENT_IP_HEADER]: c.var.clientIp });
    const agent = c.req.header('user-agent');
    if (agent) headers.set('user-agent', agent);
    const signedIn = await ctx.auth.api.signInEmail({ body: { email: user.email, password: newPassword }, headers, returnHeaders: true });
    for (const cookie of signedIn.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ user } satisfies MeResponse);
  });

  app.post('/providers/:id/disconnect', requireUser, async (c) => {
    const id = providerIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('No such sign-in provider.');
    await disconnectProvider(ctx, c.var.user.uid, id.data);
    return c.json({ ...(await accountOverview(ctx, c.var.user)), message: ACCOUNT_TEXTS.providerDisconnected(PROVIDER_LABELS[id.data]) });
  });

  app.get('/sessions', requireUser, async (c) =>
    c.json({ sessions: await listSessions(ctx, c.var.user.uid, c.var.sessionId) } satisfies AccountSessions),
  );

  app.delete('/sessions/:id', requireUser, async (c) => {
    await revokeSession(ctx, c.var.user.uid, c.req.param('id'));
    return c.json(message(ACCOUNT_TEXTS.sessionRevoked));
  });

  app.post('/sessions/revoke-others', requireUser, async (c) => {
    await revokeSessions(ctx, c.var.user.uid, c.var.sessionId);
    return c.json(message(ACCOUNT_TEXTS.otherSessionsRevoked));
  });

  return app;
}
