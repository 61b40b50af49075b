import { formatDayWith } from '@common/shared/dates';
import type { DayKey } from '@common/prompts/rules';

/** "November 3, 2026" (en-US), "3 November 2026" (en-GB): prompt days are UTC days (common/shared/dates.ts). */
export function formatPromptDay(day: DayKey, locale?: string): string {
  return formatDayWith(day, { dateStyle: 'long' }, locale);
}

/** "Tuesday". */
export function promptWeekday(day: DayKey, locale?: string): string {
  return formatDayWith(day, { weekday: 'long' }, locale);
}
