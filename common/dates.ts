import type { DayKey } from './prompts';

/**
 * Calendar days (`YYYY-MM-DD`) in words. A day is formatted at UTC midnight in UTC, so no
 * reader's zone moves it to the day before; in the reader's locale (undefined) like every date
 * on Drabble, unless a locale is given (tests pin one).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter for days, kept once per locale and options: the calendar formats hundreds. */
export function dayFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

export const utcDate = (day: DayKey): Date => new Date(`${day}T00:00:00Z`);

/** A day with `options`, e.g. { dateStyle: 'long' } → "November 3, 2026" (en-US), "3 November 2026" (en-GB). */
export function formatDayWith(day: DayKey, options: Intl.DateTimeFormatOptions, locale?: string): string {
  return dayFormat(locale, options).format(utcDate(day));
}
