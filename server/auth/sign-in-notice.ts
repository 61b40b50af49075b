import { randomUUID } from 'node:crypto';
import { deviceLabel } from '@common/account/user-agent';
import type { ServerContext } from '../context';
import { newSignInMessage, passkeyAddedMessage, twoFactorChangedMessage } from '../email/templates';
import type { EmailMessage } from '../email/mailer';
import { addressKey } from '../http/client-ip';
import { approximatePlace } from './place';
import { recordSystemEvent } from '../shared/audit-log';

type Noticing = Pick<ServerContext, 'db' | 'emails' | 'config'>;

const when = (now: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(now)} UTC`;

/**
 * Remembers the browser (as "Chrome on macOS") and address (IPv6 by its /64) of a sign-in,
 * and emails "New sign-in to your Drabble account" when the pair is new to an account that
 * had signed in before, naming the address's approximate place (looked up only then). The
 * first pair of an account (its sign-up, or its first sign-in since this was added) is
 * remembered silently. One insert decides, so parallel sign-ins from a new place send one email.
 */
export async function noticeSignIn(
  ctx: Noticing & Pick<ServerContext, 'logger'>,
  user: { id: string; email: string; name: string },
  seen: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<'first' | 'known' | 'new'> {
  const browser = deviceLabel(seen.userAgent);
  const address = seen.ip ? addressKey(seen.ip) : 'unknown address';
  const earlier = await ctx.db.selectFrom('authKnownSignIns').select('id').where('userId', '=', user.id).limit(1).executeTakeFirst();
  const inserted = await ctx.db
    .insertInto('authKnownSignIns')
    .values({ id: randomUUID(), userId: user.id, pairKey: `${user.id}|${browser}|${address}`, browser, address, createdAt: now.toISOString() })
    .onConflict((oc) => oc.column('pairKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return 'known';
  if (!earlier) return 'first';
  const place = seen.ip ? await placeOrUnknown(ctx, seen.ip) : null;
  await ctx.emails.enqueue(newSignInMessage({ to: user.email, name: user.name, when: when(now), browser, address, place, publicUrl: ctx.config.publicUrl }));
  return 'new';
}

/** The email goes out without a place ("Place: unknown") when the place data cannot be read. */
async function placeOrUnknown(ctx: Pick<ServerContext, 'logger'>, ip: string): Promise<string | null> {
  try {
    return await approximatePlace(ip);
  } catch (err) {
    ctx.logger.error({ err }, 'the place data for sign-in emails could not be read; reinstall the packages (npm ci)');
    return null;
  }
}

/** Whether the account has two-factor sign-in on. */
export async function twoFactorOn(ctx: Pick<ServerContext, 'db'>, userId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('authUsers').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.twoFactorEnabled);
}

/** Two-factor was turned on or off: the account's address hears of it, and the system log keeps it. */
export async function noticeTwoFactorChange(ctx: Noticing & Pick<ServerContext, 'logger'>, userId: string, enabled: boolean, ip: string): Promise<void> {
  await noticeSecurityChange(ctx, userId, ip, enabled ? 'two_factor_enabled' : 'two_factor_disabled', (user) =>
    twoFactorChangedMessage({ to: user.email, name: user.name, enabled, publicUrl: ctx.config.publicUrl }),
  );
}

/** A passkey was added: the account's address hears of it, and the system log keeps it. */
export async function noticePasskeyAdded(ctx: Noticing & Pick<ServerContext, 'logger'>, userId: string, passkey: string, ip: string): Promise<void> {
  await noticeSecurityChange(ctx, userId, ip, 'passkey_added', (user) =>
    passkeyAddedMessage({ to: user.email, name: user.name, passkey, publicUrl: ctx.config.publicUrl }),
  );
}

async function noticeSecurityChange(
  ctx: Noticing & Pick<ServerContext, 'logger'>,
  userId: string,
  ip: string,
  type: string,
  message: (user: { email: string; name: string }) => EmailMessage,
): Promise<void> {
  const user = await ctx.db.selectFrom('authUsers').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  await recordSystemEvent(ctx.db, ctx.logger, { type, action: 'security', user: { uid: userId, displayName: user.name || null, email: user.email }, ip });
  await ctx.emails.enqueue(message(user));
}
