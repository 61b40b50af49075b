import crypto from 'node:crypto';
import { EMAIL_TYPES, type EmailType } from '@common/notifications/notifications';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { updateNotificationPrefs } from './prefs';

/*
 * The one-click unsubscribe link in each notification email: a token naming the person and
 * the email type, signed with a key derived from the server's secret (AUTH_SECRET or the one
 * kept in DATA_DIR), so it needs no sign-in and no stored state. Using it again only says
 * the same thing again.
 */

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';

function signingKey(ctx: ServerContext): Buffer {
  // A key of its own: a token signed here can never pass as anything the auth library signs.
  return crypto.createHmac('sha256', ctx.auth.options.secret).update('drabble:notification-unsubscribe').digest();
}

function sign(ctx: ServerContext, payload: string): string {
  return crypto.createHmac('sha256', signingKey(ctx)).update(payload).digest('base64url');
}

export function unsubscribeToken(ctx: ServerContext, uid: string, type: EmailType): string {
  const payload = Buffer.from(JSON.stringify({ u: uid, t: type }), 'utf8').toString('base64url');
  return `${payload}.${sign(ctx, payload)}`;
}

/** The person and type a token names, or null when it was not signed by this server. */
export function readUnsubscribeToken(ctx: ServerContext, token: string): { uid: string; type: EmailType } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(ctx, payload), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (value === null || typeof value !== 'object') return null;
    const { u, t } = value as Record<string, unknown>;
    const type = EMAIL_TYPES.find((e) => e === t);
    if (typeof u !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(u) || type === undefined) return null;
    return { uid: u, type };
  } catch {
    return null;
  }
}

/** Turns the token's email type off for its person. 400 for a token this server did not sign. */
export async function unsubscribe(ctx: ServerContext, token: string): Promise<{ type: EmailType }> {
  const named = readUnsubscribeToken(ctx, token);
  if (!named) throw badRequest(UNSUBSCRIBE_INVALID, 'invalid_token');
  // An account deleted since the email was sent: nothing left to change, and nothing to tell.
  await updateNotificationPrefs(ctx, named.uid, { email: { [named.type]: false } });
  return { type: named.type };
}

