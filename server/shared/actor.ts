import type { Context } from 'hono';
import type { SignedInEnv, SessionUser } from '../context';
import { preferredLocale } from '../http/locale';

/** Who is acting, and from where: what services need to act for a person and to log it. */
export interface Actor {
  user: SessionUser;
  sessionId: string | null;
  ip: string;
  userAgent: string | null;
  /** The language the browser asks in (Accept-Language): emails written now put dates in it. Absent: US English. */
  locale?: string | null;
}

/** Long enough for any real browser; a longer header is cut rather than stored whole. */
const USER_AGENT_MAX = 500;

/** The actor of a signed-in request. */
export function actorOf(c: Context<SignedInEnv>): Actor {
  return {
    user: c.var.user,
    sessionId: c.var.sessionId,
    ip: c.var.clientIp,
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
    locale: preferredLocale(c.req.header('accept-language')),
  };
}
