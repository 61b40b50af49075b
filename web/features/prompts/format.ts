import type { DayKey } from '@common/prompts';

// Prompt days are UTC calendar days: formatted in UTC, or a reader west of Greenwich sees the day before.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** "3 November 2026". */
export function formatPromptDay(day: DayKey): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Tuesday". */
export function promptWeekday(day: DayKey): string {
  return weekdayFormat.format(new Date(`${day}T00:00:00Z`));
}
