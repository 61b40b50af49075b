import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from '../shared/limits';
import { dayKeyOf, dayNumber, type DayKey } from '../prompts/rules';

// Streaks and the daily goal, as rules, without zod: the screens people land on read them without building schemas.
// common/streaks/streak.ts holds the schemas and re-exports all of this (docs/decisions/0049).

/**
 * Writing streaks and the daily goal. A writing day is a calendar day, in the writer's own
 * time zone at the moment of saving, on which they saved a new story or added words to
 * one. Days are recorded as `YYYY-MM-DD` in the zone in effect when written and are never
 * re-dated afterwards, so moving between time zones cannot erase a day already earned.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** True for IANA names the runtime knows ('Europe/Paris', 'UTC'); false for anything else. */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a valid zone ('utc' → 'UTC'). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (an unknown zone counts as UTC). */
export function localDay(instant: Date, timeZone: string): DayKey {
  // A zone with a formatter is known to be valid: checking it again built a throwaway
  // Intl.DateTimeFormat on every call (about 1 % of the API suite's CPU).
  let format = formatters.get(timeZone);
  if (!format) {
    const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
    format = formatters.get(zone) ?? new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `n` days after (or before, for negative n) a `YYYY-MM-DD` day. */
export function addDays(day: DayKey, n: number): DayKey {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/** A freeze is earned on every 7th consecutive writing day… */
export const FREEZE_EARNED_EVERY = 7;
/** …and a writer holds at most this many. */
export const FREEZES_MAX = 2;
/** What a freeze is, wherever freezes are shown (home, /profile). */
export const FREEZE_EXPLANATION = `A freeze covers a missed day. You earn one every ${FREEZE_EARNED_EVERY} days in a row, up to ${FREEZES_MAX}.`;

/** '1 freeze', '2 freezes', '0 freezes'. */
export function freezesLabel(count: number): string {
  return `${count} freeze${count === 1 ? '' : 's'}`;
}

export interface StreakReplay {
  /** Writing days in the streak that is still alive today (frozen days keep it alive without adding to it). */
  current: number;
  /** The longest streak anywhere in the history, counted the same way. */
  best: number;
  /** Freezes held now, 0 to FREEZES_MAX. */
  freezes: number;
  /** The missed days a freeze covered, oldest first. */
  frozenDays: DayKey[];
}

/**
 * Streaks that forgive, replayed day by day from the first writing day:
 * - a day with words extends the streak; every FREEZE_EARNED_EVERY-th writing day in a row
 *   earns a freeze, up to FREEZES_MAX held (one earned at the cap is lost);
 * - a past day without words, while a streak is alive, uses a held freeze: the day is frozen
 *   and the streak goes on, the run towards the next freeze starting again; with no freeze
 *   left the streak ends (two missed days with one freeze: the first is frozen, the second
 *   ends the streak);
 * - today without words yet breaks nothing: the day is not over.
 * Days are the writer's local days as recorded (see above). A day recorded after `today`
 * (written further east before the writer moved west) is a writing day like any other: the
 * replay runs on to it, and a day between today and it is not over either. So a move west
 * never merges two written days into one, and a move east that skips a calendar day needs
 * a freeze for it like any other missed day. The replay is a pure function of the recorded
 * days: a freeze is spent on the same day however often, or wherever, it is computed.
 */
export function replayStreak(days: Iterable<DayKey>, today: DayKey): StreakReplay {
  // Days as day numbers: the walk is then integer steps, not a date parsed per day (a writer
  // with five years of history is replayed on every save).
  const written = new Set<number>();
  for (const day of days) written.add(dayNumber(day));
  const state: StreakReplay = { current: 0, best: 0, freezes: 0, frozenDays: [] };
  if (written.size === 0) return state;
  let first = Infinity;
  let last = -Infinity;
  for (const n of written) {
    first = Math.min(first, n);
    last = Math.max(last, n);
  }
  const todayNumber = dayNumber(today);
  const end = Math.max(last, todayNumber);
  let run = 0;
  for (let n = first; n <= end; n++) {
    if (written.has(n)) {
      state.current += 1;
      run += 1;
      if (run % FREEZE_EARNED_EVERY === 0) state.freezes = Math.min(FREEZES_MAX, state.freezes + 1);
      state.best = Math.max(state.best, state.current);
    } else if (n >= todayNumber) {
      // Today (or a day after it) is not over: the streak stands until it is.
    } else if (state.current > 0 && state.freezes > 0) {
      state.freezes -= 1;
      state.frozenDays.push(dayKeyOf(n));
      run = 0;
    } else {
      state.current = 0;
      run = 0;
    }
  }
  return state;
}

/** The local hour the streak reminder goes out at (20:00 in the writer's zone). */
export const REMINDER_HOUR = 20;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far (ms) the wall clock in a valid zone is ahead of UTC at an instant (whole seconds). */
export function zoneOffsetMs(instant: number, zone: string): number {
  let format = offsetFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, format);
  }
  const at = Math.floor(instant / 1000) * 1000;
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) - at;
}

/**
 * The instant the wall clock in `timeZone` (an unknown zone counts as UTC) reads `hour`:00 on
 * `day`, worked out from the zone's own offsets so daylight saving is honoured: an hour the
 * clocks skip gives the instant they jump at, an hour they repeat its first occurrence.
 */
export function zonedInstant(day: DayKey, hour: number, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour);
  const halfDay = 12 * 3_600_000;
  // The offsets in force around that wall time: one on an ordinary day, two across a change.
  const before = zoneOffsetMs(wall - halfDay, zone);
  const after = zoneOffsetMs(wall + halfDay, zone);
  const fits = [wall - before, wall - after].filter((t) => zoneOffsetMs(t, zone) === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

/** When the streak reminder is next due: the first REMINDER_HOUR:00 in the writer's zone strictly after `now`. */
export function nextReminderAt(now: Date, timeZone: string): Date {
  const today = localDay(now, timeZone);
  const tonight = zonedInstant(today, REMINDER_HOUR, timeZone);
  return tonight.getTime() > now.getTime() ? tonight : zonedInstant(addDays(today, 1), REMINDER_HOUR, timeZone);
}

/**
 * users.reminderAt after the writer switches the streak reminder on or off: off clears it; on
 * keeps one already scheduled (it may be due this minute) or schedules the next 20:00.
 */
export function reminderAfterSwitch(on: boolean, reminderAt: string | null, now: Date, timeZone: string): string | null {
  if (!on) return null;
  return reminderAt ?? nextReminderAt(now, timeZone).toISOString();
}

/** The streak reminder's sentence (the bell's text; the email's subject is the part before the dash). */
export function streakReminderDetail(streak: number, freezes: number): string {
  return freezes > 0
    ? `Your ${streak}-day streak will spend a freeze at midnight — write a few words to save it.`
    : `Your ${streak}-day streak ends at midnight — write a few words to keep it.`;
}

/** Words a save adds: all of a new story's, or what an edit grew by (never negative). */
export function wordsAdded(before: number | null, after: number): number {
  return before === null ? Math.max(0, after) : Math.max(0, after - before);
}

export interface GoalProgress {
  /** 0–100, rounded down, capped at 100. */
  percent: number;
  met: boolean;
  remaining: number;
}

export function goalProgress(wordsToday: number, dailyGoal: number): GoalProgress {
  const goal = Math.max(1, dailyGoal);
  return {
    percent: Math.min(100, Math.floor((wordsToday / goal) * 100)),
    met: wordsToday >= goal,
    remaining: Math.max(0, goal - wordsToday),
  };
}

/** What the daily goal form and PUT /api/me/daily-goal say of a goal they refuse. */
export const DAILY_GOAL_TEXTS = {
  notANumber: 'Daily goal must be a number.',
  notWhole: 'Daily goal must be a whole number.',
  tooSmall: `Daily goal must be at least ${DAILY_GOAL_MIN} words.`,
  tooLarge: `Daily goal must be at most ${DAILY_GOAL_MAX.toLocaleString('en-US')} words.`,
} as const;

/**
 * Why a daily goal is refused, or null for a good one: the form checks it without zod (the
 * goal form is on home, which loads no schemas), and dailyGoalUpdateSchema says the same.
 */
export function dailyGoalProblem(goal: number): string | null {
  if (!Number.isFinite(goal)) return DAILY_GOAL_TEXTS.notANumber;
  if (!Number.isInteger(goal)) return DAILY_GOAL_TEXTS.notWhole;
  if (goal < DAILY_GOAL_MIN) return DAILY_GOAL_TEXTS.tooSmall;
  if (goal > DAILY_GOAL_MAX) return DAILY_GOAL_TEXTS.tooLarge;
  return null;
}
