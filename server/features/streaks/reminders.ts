import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_TIME_ZONE, localDay, nextReminderAt, REMINDER_HOUR, replayStreak, streakReminderDetail, zonedInstant } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { notifySelf } from '../notifications';
import { dueReminders, moveReminderIfStill, reminderSentSince, wordsOnDay, writingDaysOf, zoneAndDeletionOf } from './queries';

/*
 * The streak reminder: at 20:00 in the writer's zone, when they switched it on,
 * their streak is alive and today has no words yet, a notification (and the email, when that
 * is on too). users.reminderAt holds the next instant it is due, null while it is off:
 * - switching it on sets it to the next 20:00, switching it off clears it (notifications/prefs.ts,
 *   through common/streaks/streak.ts reminderAfterSwitch);
 * - every save and every time-zone change moves a not-yet-due one to the zone's next 20:00
 *   (queries.ts syncStreak);
 * - the due pass below, on every instance's email tick, reads due rows through the
 *   users_reminderAt index and claims each with a conditional UPDATE (reminderAt = the value
 *   it read → the next 20:00), so of two instances only one sends.
 */

/** Writers one pass takes on; the rest wait for the next tick. */
const BATCH = 100;
export const REMINDER_LINK = '/story/new';

type Claimed = { uid: string; reminderAt: string };

/**
 * Takes one due writer: moves reminderAt on to the next 20:00 (or clears it for a deleted
 * account) only if it still holds what the pass read. The writer's zone when taken, else null.
 */
async function claim(trx: Transaction<Database>, due: Claimed, now: Date): Promise<string | null> {
  const user = await zoneAndDeletionOf(trx, due.uid);
  const timezone = user?.timezone ?? DEFAULT_TIME_ZONE;
  const next = user && !user.deletedAt ? nextReminderAt(now, timezone).toISOString() : null;
  const taken = await moveReminderIfStill(trx, due.uid, due.reminderAt, next);
  return Number(taken.numUpdatedRows) > 0 && next !== null ? timezone : null;
}

/**
 * The sentence to send now, or null when the streak is not at risk: it is before 20:00 local
 * (a pass that ran late, after midnight), a reminder already went out today, today has
 * words, or there is no streak alive to lose.
 */
async function reminderDue(db: Kysely<Database> | Transaction<Database>, uid: string, timezone: string, now: Date): Promise<string | null> {
  const today = localDay(now, timezone);
  if (now < zonedInstant(today, REMINDER_HOUR, timezone)) return null;
  // At most one a local day, even when a zone change brings 20:00 round twice.
  const sentToday = await reminderSentSince(db, uid, zonedInstant(today, 0, timezone).toISOString());
  if (sentToday) return null;
  // Any words today keep the streak safe; with none, today's goal (50 words at least) is not met either.
  const written = await wordsOnDay(db, uid, today);
  if (Number(written?.words ?? 0) > 0) return null;
  const replay = replayStreak(await writingDaysOf(db, uid), today);
  if (replay.current === 0) return null;
  return streakReminderDetail(replay.current, replay.freezes);
}

/**
 * Sends the streak reminders due at `now` (ms; tests pass a fake clock) and schedules each
 * writer's next one. Returns how many were sent. A failure is logged and that writer is
 * skipped until their next 20:00: the reminder is a nudge.
 */
export async function sendDueReminders(ctx: ServerContext, now: number): Promise<number> {
  const at = new Date(now);
  const nowIso = at.toISOString();
  const due = await dueReminders(ctx.db, nowIso, BATCH);
  let sent = 0;
  for (const row of due) {
    if (row.reminderAt === null) continue;
    const candidate = { uid: row.uid, reminderAt: row.reminderAt };
    try {
      const delivered = await ctx.db.transaction().execute(async (trx) => {
        const timezone = await claim(trx, candidate, at);
        if (timezone === null) return false;
        const detail = await reminderDue(trx, candidate.uid, timezone, at);
        if (detail === null) return false;
        const id = await notifySelf(ctx, trx, { to: candidate.uid, type: 'streak_reminder', detail, link: REMINDER_LINK, at: nowIso, email: 'streak_reminder' });
        return id !== null;
      });
      if (delivered) sent += 1;
    } catch (err) {
      ctx.logger.warn({ err }, 'streak reminder failed');
    }
  }
  return sent;
}
