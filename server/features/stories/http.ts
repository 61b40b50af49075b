import type { Context } from 'hono';
import type { SignedInEnv } from '../../context';
import { notFound } from '../../http/errors';
import { STORY_NOT_FOUND } from '../../policy/stories';
import { ID_PATTERN } from './ids';
import type { Actor } from './service';

/** The path's story id; one that cannot be an id is simply not found. */
export function storyIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!ID_PATTERN.test(id)) throw notFound(STORY_NOT_FOUND);
  return id;
}

/** The signed-in user and where the request came from, for services that log. */
export function actorOf(c: Context<SignedInEnv>): Actor {
  return { user: c.var.user, ip: c.var.clientIp || null, userAgent: c.req.header('user-agent') ?? null };
}
