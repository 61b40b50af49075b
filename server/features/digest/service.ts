import { DEFAULT_TIME_ZONE } from '@common/streaks/streak';
import { DIGEST_DEFAULTS, DIGEST_TEXTS, nextDigestSlot, type DigestSettings, type DigestWeekday } from '@common/digest/digest';
import type { ServerContext } from '../../context';
import { fromDbBool } from '../../db/bool';
import { badRequest } from '../../http/errors';
import { digestRowOf, saveDigestRow, switchDigestOff } from './queries';
import { readDigestToken } from './unsubscribe';

/*
 * The reader's weekly digest settings. Off by default (no row). The day and hour are in the
 * reader's own time zone, users.timezone, the one the streak reminder uses (kept current by
 * the browser, PATCH /api/me/timezone); `nextDueAt` is the next such instant, worked out when
 * the reader saves and again by each send (send.ts, which follows a zone changed meanwhile).
 */

export async function readDigestSettings(ctx: ServerContext, uid: string): Promise<DigestSettings> {
  const row = await digestRowOf(ctx.db, uid);
  const weekday = row?.weekday ?? DIGEST_DEFAULTS.weekday;
  return {
    on: row?.on === null || row?.on === undefined ? DIGEST_DEFAULTS.on : fromDbBool(row.on),
    weekday: Number(weekday),
    hour: Number(row?.hour ?? DIGEST_DEFAULTS.hour),
    timezone: row?.timezone ?? DEFAULT_TIME_ZONE,
    nextAt: row?.nextDueAt ?? null,
  };
}

/** Saves the reader's choice; switching on (or moving the day or hour) schedules the next slot strictly after now. */
export async function updateDigestSettings(ctx: ServerContext, uid: string, choice: { on: boolean; weekday: DigestWeekday; hour: number }, now = new Date()): Promise<DigestSettings> {
  const row = await digestRowOf(ctx.db, uid);
  const timezone = row?.timezone ?? DEFAULT_TIME_ZONE;
  const nextDueAt = choice.on ? nextDigestSlot(now, timezone, choice.weekday, choice.hour).at.toISOString() : null;
  await saveDigestRow(ctx.db, { uid, ...choice, nextDueAt, now: now.toISOString() });
  return readDigestSettings(ctx, uid);
}

/** The one-click unsubscribe: 400 for a token this server did not sign, and then nothing changes. */
export async function unsubscribeDigest(ctx: ServerContext, token: string): Promise<{ on: false }> {
  const uid = readDigestToken(ctx, token);
  if (uid === null) throw badRequest(DIGEST_TEXTS.invalidToken, 'invalid_token');
  await switchDigestOff(ctx.db, uid, new Date().toISOString());
  return { on: false };
}
