import { SCHEDULE_AHEAD_MAX_DAYS } from '../shared/limits';
import { DEFAULT_TIME_ZONE, isValidTimeZone, zoneOffsetMs } from '../streaks/rules';

/*
 * Scheduled publishing (docs/decisions/0072-scheduled-publishing.md), as rules without zod: the
 * story page reads them without building schemas. A writer picks a wall-clock time in their own
 * time zone (the one streaks and reminders count in, users.timezone); the server keeps the
 * instant, in UTC, and publishes the story then as if they had pressed Publish.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The furthest ahead a schedule may be, in ms. */
export const SCHEDULE_AHEAD_MAX_MS = SCHEDULE_AHEAD_MAX_DAYS * DAY_MS;

export const SCHEDULE_TEXTS = {
  badTime: 'Give the time as a date and a time, like 2027-01-31T09:00.',
  past: 'Choose a time in the future.',
  tooFar: `Choose a time within ${SCHEDULE_AHEAD_MAX_DAYS} days from now.`,
  onlyAuthor: 'Only the author can schedule this story.',
  notPrivate: 'This story is public already: only a private story can be scheduled.',
  /** The story page and My Stories. */
  scheduledOn: 'Scheduled to publish on',
  scheduledBadge: 'Scheduled',
} as const;

/** A wall-clock time with no zone ('2027-01-31T09:00', seconds optional): read in the writer's zone. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
/** An instant: the same with `Z` or an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a schedule's `publishAt` names: an ISO instant (with `Z` or an offset) as it is, a
 * wall-clock time in `timeZone`. Null for anything else, a date that does not exist (February 30)
 * included. A wall time the clocks skip is read with the offset before the jump (02:30 becomes 03:30); one they repeat, its first occurrence.
 */
export function scheduleInstant(publishAt: string, timeZone: string): Date | null {
  if (INSTANT.test(publishAt)) {
    const at = Date.parse(publishAt);
    const [y, m, d] = publishAt.slice(0, 10).split('-').map(Number);
    const day = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
    // Date.parse rolls 2027-02-30 over into March: a date that is not one is refused.
    return Number.isNaN(at) || day.getUTCMonth() !== (m ?? 1) - 1 || day.getUTCDate() !== d ? null : new Date(at);
  }
  const parts = WALL_TIME.exec(publishAt);
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts.slice(1).map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || check.getUTCMinutes() !== mi) return null;
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  // As streaks' zonedInstant: the offsets in force around that wall time, one on an ordinary day, two across a change.
  const halfDay = 12 * 3_600_000;
  const offsets = [zoneOffsetMs(wall - halfDay, zone), zoneOffsetMs(wall + halfDay, zone)];
  const fits = offsets.map((o) => wall - o).filter((t) => zoneOffsetMs(t, zone) === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - offsets[0]!);
}

/** Why a schedule time is refused at `now`, or null when it may be used: in the future, and at most SCHEDULE_AHEAD_MAX_DAYS ahead. */
export function scheduleRefusal(at: Date | null, now: Date): string | null {
  if (at === null) return SCHEDULE_TEXTS.badTime;
  if (at.getTime() <= now.getTime()) return SCHEDULE_TEXTS.past;
  if (at.getTime() > now.getTime() + SCHEDULE_AHEAD_MAX_MS) return SCHEDULE_TEXTS.tooFar;
  return null;
}

/** The wall-clock time an instant reads in a zone, to the minute, as a date-time input holds it ('2027-01-31T09:00'). */
export function wallTimeIn(at: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const local = new Date(at.getTime() + zoneOffsetMs(at.getTime(), zone));
  return local.toISOString().slice(0, 16);
}
