import type { MiddlewareHandler } from 'hono';
import { REGISTRATION_TEXTS } from '@common/registration';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../http/errors';

/**
 * What an account waiting for approval (issue 26) may do: read its own record (the app shows
 * the waiting screen from it), hear its live events (so the approval arrives by itself), prove
 * its email address, report a crash. Sign-out is better-auth's, under /api/auth, before this.
 */
const OPEN_TO_WAITING: ReadonlyArray<[method: string, path: RegExp]> = [
  ['GET', /^\/api\/me$/],
  ['GET', /^\/api\/events$/],
  ['POST', /^\/api\/account\/verify-email$/],
  ['POST', /^\/api\/account\/verification\/resend$/],
  ['POST', /^\/api\/logs$/],
];

/** 403 `awaiting_approval` for everything else. Reads only the session's users row, already loaded. */
export const refuseAwaitingApproval: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user?.awaitingApproval) return next();
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const open = OPEN_TO_WAITING.some(([m, path]) => m === method && path.test(c.req.path));
  return open ? next() : errorResponse(c, 403, 'awaiting_approval', REGISTRATION_TEXTS.awaitingApproval);
};
