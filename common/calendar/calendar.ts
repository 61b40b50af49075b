import { z } from 'zod';
import { dayNumber, type DayKey } from '../prompts/prompts';
import { addDays } from '../streaks/streak';
import { formatDayWith } from '../shared/dates';

/**
 * The writing calendar on the writer's own profile: a year of words per day as a
 * heat map, the goal line, the days a streak freeze covered, and the words of this week and
 * this month. Days are the writer's local `YYYY-MM-DD` days as recorded (writingDays).
 */

/** The heat map covers this many months, ending today. */
export const CALENDAR_MONTHS = 12;

/** The first day of the window: the day after the same date a year earlier (29 February → 1 March). */
export function calendarStart(today: DayKey): DayKey {
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  const yearAgo = `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`;
  return addDays(yearAgo, 1);
}

/** Monday of the week (Monday to Sunday) that holds `day`. */
export function weekStart(day: DayKey): DayKey {
  // 1970-01-01 was a Thursday: day number 0 is weekday index 3 with Monday as 0.
  const weekday = (((dayNumber(day) + 3) % 7) + 7) % 7;
  return addDays(day, -weekday);
}

/** The first of the month that holds `day`. */
export const monthStart = (day: DayKey): DayKey => `${day.slice(0, 8)}01`;

export interface DayWords {
  day: DayKey;
  words: number;
}

/**
 * Words per day with days recorded after today (written further east before the writer moved
 * west) counted as today, as the streak counts them; days without words are left out.
 */
export function wordsByDay(rows: Iterable<DayWords>, today: DayKey): Map<DayKey, number> {
  const map = new Map<DayKey, number>();
  for (const { day, words } of rows) {
    if (words <= 0) continue;
    const key = day > today ? today : day;
    map.set(key, (map.get(key) ?? 0) + words);
  }
  return map;
}

function sumBetween(words: Map<DayKey, number>, from: DayKey, to: DayKey): number {
  let total = 0;
  for (const [day, n] of words) if (day >= from && day <= to) total += n;
  return total;
}

/** Words of the week (Monday to Sunday) that holds today, and of today's month. */
export function periodSums(words: Map<DayKey, number>, today: DayKey): { wordsThisWeek: number; wordsThisMonth: number } {
  return { wordsThisWeek: sumBetween(words, weekStart(today), today), wordsThisMonth: sumBetween(words, monthStart(today), today) };
}

/** Heat-map colour steps: none, under half the goal, under the goal, goal met, twice the goal or more. */
export type IntensityLevel = 0 | 1 | 2 | 3 | 4;

export function intensityLevel(words: number, dailyGoal: number): IntensityLevel {
  const goal = Math.max(1, dailyGoal);
  if (words <= 0) return 0;
  if (words >= 2 * goal) return 4;
  if (words >= goal) return 3;
  return words * 2 < goal ? 1 : 2;
}

export interface CalendarCell {
  day: DayKey;
  words: number;
  frozen: boolean;
  level: IntensityLevel;
  today: boolean;
}

export interface CalendarGrid {
  start: DayKey;
  end: DayKey;
  /** Columns, oldest first; each has seven rows, Monday first; null outside the window. */
  weeks: Array<{ start: DayKey; cells: Array<CalendarCell | null> }>;
  /** Where each month's label goes: the column holding its first day in the window. */
  months: Array<{ month: string; column: number }>;
}

/** The heat map's grid: CALENDAR_MONTHS months ending today, weeks from Monday. */
export function buildCalendarGrid(calendar: Pick<Calendar, 'today' | 'dailyGoal' | 'days'>): CalendarGrid {
  const { today, dailyGoal } = calendar;
  const start = calendarStart(today);
  const byDay = new Map(calendar.days.map((d) => [d.day, d]));
  const weeks: CalendarGrid['weeks'] = [];
  const months: CalendarGrid['months'] = [];
  for (let monday = weekStart(start); monday <= today; monday = addDays(monday, 7)) {
    const cells = Array.from({ length: 7 }, (_, i): CalendarCell | null => {
      const day = addDays(monday, i);
      if (day < start || day > today) return null;
      if (day === start || day.endsWith('-01')) months.push({ month: day.slice(0, 7), column: weeks.length });
      const found = byDay.get(day);
      const words = found?.words ?? 0;
      return { day, words, frozen: found?.frozen ?? false, level: intensityLevel(words, dailyGoal), today: day === today };
    });
    weeks.push({ start: monday, cells });
  }
  return { start, end: today, weeks, months };
}

/** The window's days by month, oldest first, for the screen-reader table. */
export function calendarMonths(grid: CalendarGrid): Array<{ month: string; cells: CalendarCell[] }> {
  const out: Array<{ month: string; cells: CalendarCell[] }> = [];
  for (const week of grid.weeks) {
    for (const cell of week.cells) {
      if (!cell) continue;
      const month = cell.day.slice(0, 7);
      let last = out.at(-1);
      if (last?.month !== month) out.push((last = { month, cells: [] }));
      last.cells.push(cell);
    }
  }
  return out;
}

export interface DayFormat {
  weekday?: boolean;
  /** A BCP 47 locale; by default the reader's (tests pin one). */
  locale?: string;
}

/**
 * A day as "Tuesday, November 3" (en-US) or "Tuesday 3 November" (en-GB), with the year when
 * it is not the year of `today` (or when no `today` is given).
 */
export function formatDay(day: DayKey, today?: DayKey, { weekday = true, locale }: DayFormat = {}): string {
  const withYear = today === undefined || today.slice(0, 4) !== day.slice(0, 4);
  return formatDayWith(day, { ...(weekday ? { weekday: 'long' } : {}), day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}) }, locale);
}

/** "November 2026" for '2026-11'. */
export const formatMonth = (month: string, locale?: string): string => formatDayWith(`${month}-01`, { month: 'long', year: 'numeric' }, locale);
/** "Nov" for '2026-11'. */
export const formatMonthShort = (month: string, locale?: string): string => formatDayWith(`${month}-01`, { month: 'short' }, locale);

const wordsText = (n: number) => `${n.toLocaleString('en-US')} word${n === 1 ? '' : 's'}`;

/** A day cell's tooltip: "Tuesday, 3 November: 120 words · goal met", or that a freeze covered it. */
export function dayTooltip(cell: CalendarCell, dailyGoal: number, today: DayKey, locale?: string): string {
  const when = formatDay(cell.day, today, { locale });
  if (cell.frozen) return `${when}: frozen — a streak freeze covered this day`;
  if (cell.words <= 0) return `${when}: no words${cell.today ? ' yet' : ''}`;
  const goal = cell.words >= 2 * dailyGoal ? 'twice the goal' : cell.words >= dailyGoal ? 'goal met' : `${Math.floor((cell.words / Math.max(1, dailyGoal)) * 100)}% of the goal`;
  return `${when}: ${wordsText(cell.words)} · ${goal}`;
}

export const calendarDaySchema = z.object({
  day: z.string(),
  words: z.number().int().min(0),
  /** A missed day a streak freeze covered. */
  frozen: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/me/calendar (own profile only). */
export const calendarSchema = z.object({
  /** Today in the writer's zone; the window is calendarStart(today) through today. */
  today: z.string(),
  timezone: z.string(),
  dailyGoal: z.number().int(),
  /** Only days in the window with words or frozen, oldest first. */
  days: z.array(calendarDaySchema),
  /** Monday to today. */
  wordsThisWeek: z.number().int(),
  /** The 1st to today. */
  wordsThisMonth: z.number().int(),
});
export type Calendar = z.infer<typeof calendarSchema>;
