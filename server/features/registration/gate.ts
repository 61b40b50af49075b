import type { MiddlewareHandler } from 'hono';
import { REGISTRATION_TEXTS } from '@common/registration/registration';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../http/errors';

/**
 * What an account waiting for approval may do as itself: read its own record (the
 * app shows the waiting screen from it), hear its live events (so the approval arrives by
 * itself), choose its appearance (the bar's theme and colour controls stay theirs), prove its
 * email address, report a crash. Sign-out is better-auth's, under /api/auth,
 * before this.
 */
const OPEN_TO_WAITING: ReadonlyArray<[method: string, path: RegExp]> = [
  ['GET', /^\/api\/me$/],
  ['GET', /^\/api\/events$/],
  ['PATCH', /^\/api\/me\/preferences$/],
  ['POST', /^\/api\/account\/verify-email$/],
  ['POST', /^\/api\/account\/verification\/resend$/],
  ['POST', /^\/api\/logs$/],
];

const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => errorResponse(c, 403, 'awaiting_approval', REGISTRATION_TEXTS.awaitingApproval);

/**
 * Every other write: 403 `awaiting_approval`. Every other read is answered as a guest's (the
 * session is set aside for it): someone waiting may read what anyone may (the community, a
 * public story, a profile) and nothing of their own, and what a guest would be asked to sign in
 * for is refused with the reason instead. Reads only the session's users row, already loaded.
 */
export const refuseAwaitingApproval: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user?.awaitingApproval) return next();
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  if (OPEN_TO_WAITING.some(([m, path]) => m === method && path.test(c.req.path))) return next();
  if (method !== 'GET') return refuse(c);
  c.set('user', null);
  c.set('viewer', null);
  c.set('sessionId', null);
  c.set('shelfFacts', null);
  await next();
  if (c.res.status === 401) c.res = refuse(c);
};
