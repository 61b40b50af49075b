import crypto from 'node:crypto';
import type { ServerContext } from '../../context';

/*
 * The digest's one-click unsubscribe token: the reader's uid and an HMAC of it under a key of
 * the digest's own, derived from the server's secret (AUTH_SECRET or the one kept in DATA_DIR).
 * Unguessable without the secret, needs no sign-in and no stored state; using it again only
 * switches off what is off.
 */

const UID = /^[A-Za-z0-9_-]{1,64}$/;

function mac(ctx: ServerContext, uid: string): string {
  // Its own key: a digest token can never pass as a notification one, or as anything the auth library signs.
  const key = crypto.createHmac('sha256', ctx.auth.options.secret).update('drabble:weekly-digest-unsubscribe').digest();
  return crypto.createHmac('sha256', key).update(uid).digest('base64url');
}

export function digestUnsubscribeToken(ctx: ServerContext, uid: string): string {
  return `${uid}.${mac(ctx, uid)}`;
}

/** The reader a token names, or null when this server did not sign it. */
export function readDigestToken(ctx: ServerContext, token: string): string | null {
  const dot = token.lastIndexOf('.');
  const uid = token.slice(0, dot);
  if (dot < 1 || !UID.test(uid)) return null;
  const given = Buffer.from(token.slice(dot + 1), 'utf8');
  const expected = Buffer.from(mac(ctx, uid), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? uid : null;
}
