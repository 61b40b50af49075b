import type { MiddlewareHandler } from 'hono';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import type { AppEnv } from '../context';
import { errorResponse } from '../http/errors';

/**
 * What a deactivated account (deletion asked for, not yet done) may still do once
 * signed in again: read its own record, cancel the deletion, take its data with it, hear its
 * live events, and report a crash. Sign-out is better-auth's, under /api/auth, before this.
 */
const OPEN_TO_DEACTIVATED: ReadonlyArray<[method: string, path: RegExp]> = [
  ['GET', /^\/api\/me$/],
  ['*', /^\/api\/account\/deletion$/],
  ['GET', /^\/api\/export(\/download)?$/],
  ['GET', /^\/api\/events$/],
  ['POST', /^\/api\/logs$/],
];

/** 403 `account_deactivated` for everything else, so a deactivated account neither acts nor is seen acting. */
export const refuseDeactivated: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (!user?.deactivatedAt) return next();
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const open = OPEN_TO_DEACTIVATED.some(([m, path]) => (m === '*' || m === method) && path.test(c.req.path));
  return open ? next() : errorResponse(c, 403, 'account_deactivated', YOUR_DATA_TEXTS.deactivated);
};
