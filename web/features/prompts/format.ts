import { formatDayWith } from '@common/dates';
import type { DayKey } from '@common/prompt-rules';

/** "November 3, 2026" (en-US), "3 November 2026" (en-GB): prompt days are UTC days (common/dates.ts). */
export function formatPromptDay(day: DayKey, locale?: string): string {
  return formatDayWith(day, { dateStyle: 'long' }, locale);
}

/** "Tuesday". */
export function promptWeekday(day: DayKey, locale?: string): string {
  return formatDayWith(day, { weekday: 'long' }, locale);
}
