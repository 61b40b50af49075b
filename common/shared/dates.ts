import type { DayKey } from '../prompts/prompts';

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

/** The one long date of Drabble's sentences ("December 24, 2026" in en-US, "24 December 2026" in en-GB). */
export const LONG_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/**
 * An instant as a long date, the same way in the app and in emails: the app passes nothing (the
 * browser's locale and zone); an email passes the reader's locale and zone as their browser
 * told the server. An unknown locale or zone falls back to US English and UTC, never throws.
 */
export function formatLongDate(instant: Date | string, where: { locale?: string | null; timeZone?: string | null } = {}): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  let locale = where.locale ?? undefined;
  let timeZone = where.timeZone ?? undefined;
  try {
    if (locale !== undefined && Intl.DateTimeFormat.supportedLocalesOf(locale).length === 0) locale = 'en-US';
  } catch {
    locale = 'en-US';
  }
  try {
    if (timeZone !== undefined) new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    timeZone = 'UTC';
  }
  return new Intl.DateTimeFormat(locale, { ...LONG_DATE, timeZone }).format(date);
}
