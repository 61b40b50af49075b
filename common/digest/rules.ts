import { addDays, localDay, zonedInstant } from '../streaks/rules';
import { dayNumber, type DayKey } from '../prompts/rules';

// The weekly digest's rules, without zod: when a reader's digest is due, in their own time zone
// (the zone streak reminders use, users.timezone), and the words the settings and emails share.
// common/digest/digest.ts holds the schemas and re-exports all of this.

/** Days of the week as ISO numbers: 1 is Monday, 7 is Sunday. */
export const DIGEST_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type DigestWeekday = (typeof DIGEST_WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<DigestWeekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** What a reader who never chose gets when they switch it on: Sunday morning. */
export const DIGEST_DEFAULTS = { on: false, weekday: 7, hour: 9 } as const satisfies { on: boolean; weekday: DigestWeekday; hour: number };

/** A digest whose slot the server missed (it was down) still goes out this long after it, and no later. */
export const DIGEST_LATE_MS = 24 * 3_600_000;
/** The first digest covers this many days back; later ones everything since the one before. */
export const DIGEST_FIRST_DAYS = 7;
/** Stories listed in one digest, newest first; the rest are counted. */
export const DIGEST_STORIES_MAX = 10;

/** The ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` day. */
export function isoWeekday(day: DayKey): DigestWeekday {
  // 1970-01-01 was a Thursday (4).
  return ((((((dayNumber(day) + 3) % 7) + 7) % 7) + 1) as DigestWeekday);
}

/** The Monday that starts the ISO week of a day: the key of "a reader's week", claimed once per reader. */
export function weekOf(day: DayKey): DayKey {
  return addDays(day, 1 - isoWeekday(day));
}

export interface DigestSlot {
  /** The local day it falls on. */
  day: DayKey;
  /** The instant the reader's clock reads `hour`:00 on that day. */
  at: Date;
  /** The reader's week it belongs to (its Monday). */
  week: DayKey;
}

function slotOn(day: DayKey, hour: number, timeZone: string): DigestSlot {
  return { day, at: zonedInstant(day, hour, timeZone), week: weekOf(day) };
}

/** The latest instant at or before `now` when it was `weekday` at `hour`:00 in `timeZone`. */
export function latestDigestSlot(now: Date, timeZone: string, weekday: DigestWeekday, hour: number): DigestSlot {
  const today = localDay(now, timeZone);
  const back = (isoWeekday(today) - weekday + 7) % 7;
  const slot = slotOn(addDays(today, -back), hour, timeZone);
  return slot.at.getTime() <= now.getTime() ? slot : slotOn(addDays(slot.day, -7), hour, timeZone);
}

/** The first instant strictly after `now` when it is `weekday` at `hour`:00 in `timeZone`: when the digest is next due. */
export function nextDigestSlot(now: Date, timeZone: string, weekday: DigestWeekday, hour: number): DigestSlot {
  const next = slotOn(addDays(latestDigestSlot(now, timeZone, weekday, hour).day, 7), hour, timeZone);
  // Across a daylight-saving change the hour may be skipped: its instant is then the jump, still after `now`.
  return next.at.getTime() > now.getTime() ? next : slotOn(addDays(next.day, 7), hour, timeZone);
}

/**
 * Whether the due pass that found a reader's stored due time (`dueAt`) reached should send now,
 * and for which slot. The stored time was worked out in the zone the reader had then; the slot
 * is read again in the zone they have now, so a move is followed: a slot now later than the
 * stored time is waited for (null: reschedule), one earlier goes out now. A slot more than
 * DIGEST_LATE_MS old (the server was down) is skipped: the next digest covers its stories.
 */
export function dueDigestSlot(now: Date, dueAt: Date, timeZone: string, weekday: DigestWeekday, hour: number): DigestSlot | null {
  const slot = latestDigestSlot(now, timeZone, weekday, hour);
  const zoneShift = 2 * 24 * 3_600_000;
  if (slot.at.getTime() < dueAt.getTime() - zoneShift) return null;
  if (now.getTime() - slot.at.getTime() > DIGEST_LATE_MS) return null;
  return slot;
}

/** "Sunday at 9:00". */
export function digestWhen(weekday: DigestWeekday, hour: number): string {
  return `${WEEKDAY_NAMES[weekday]} at ${hour}:00`;
}

/** What an unsubscribe token looks like (server/features/digest/unsubscribe.ts): checked before it is sent anywhere. */
export const DIGEST_TOKEN_PATTERN = /^[A-Za-z0-9_.-]{10,500}$/;

export const DIGEST_TEXTS = {
  title: 'Weekly digest',
  intro: 'One email a week: the prompt and contest, new stories from writers and tags you follow, and replies waiting for you. Nothing is sent in a week with nothing new.',
  switchLabel: 'Email me a weekly digest',
  dayLabel: 'Day',
  hourLabel: 'Time',
  saved: 'Weekly digest settings saved',
  badWeekday: 'Choose a day of the week.',
  badHour: 'Choose an hour from 0 to 23.',
  zoneNote: (zone: string) => `In your time zone, ${zone}.`,
  unsubscribeTitle: 'Stop the weekly digest',
  unsubscribeIntro: 'Stop getting the weekly digest email. Nothing else changes.',
  unsubscribeButton: 'Stop the weekly digest',
  unsubscribed: 'Done: you will not get the weekly digest any more. You can switch it on again in Settings.',
  invalidToken: 'This unsubscribe link is not valid.',
} as const;

/** The notification types the digest counts as "replies waiting", beside unread conversations: comments on the reader's stories and replies from the fediverse. */
export const DIGEST_REPLY_TYPES = ['comment', 'fediverse_reply'] as const;

/** What a digest has that the reader has not seen: the prompt and a running contest are always there, so they are not news. */
export interface DigestNews {
  stories: number;
  /** Unread comments and fediverse replies. */
  replies: number;
  /** Unread conversations. */
  messages: number;
  /** A contest whose results came out since the last digest. */
  results: boolean;
}

/** A digest goes out only with something new: a story, a reply or message waiting, or a contest's results. */
export function digestHasNews(news: DigestNews): boolean {
  return news.stories > 0 || news.replies > 0 || news.messages > 0 || news.results;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Your week on Drabble: 3 new stories, 2 replies waiting". */
export function digestSubject(news: DigestNews): string {
  const parts = [
    news.stories > 0 ? plural(news.stories, 'new story', 'new stories') : null,
    news.replies > 0 ? plural(news.replies, 'reply waiting', 'replies waiting') : null,
    news.messages > 0 ? plural(news.messages, 'unread conversation', 'unread conversations') : null,
    news.results ? 'contest results' : null,
  ].filter((p) => p !== null);
  return `Your week on Drabble: ${parts.join(', ')}`;
}
