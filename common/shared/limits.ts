/** Numbers the product promises (spec section 9). One place, used by server and web. */
export const DAILY_GOAL_DEFAULT = 500;
export const DAILY_GOAL_MIN = 50;
export const DAILY_GOAL_MAX = 10_000;

/** PASSWORD_MIN_LENGTH may raise the minimum, never lower it below 8 (OWASP ASVS 5.0). */
export const PASSWORD_MIN_LENGTH_FLOOR = 8;
export const PASSWORD_MIN_LENGTH_DEFAULT = PASSWORD_MIN_LENGTH_FLOOR;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX = 60;
export const EMAIL_MAX = 254;

/*
 * The numbers the first page load needs (toasts, retrying a screen's download) live in
 * first-load-numbers.ts and are named here too: importing this file from the app's first-load code
 * would carry every limit below into the first download.
 */
export { DOWNLOAD_RETRY_DELAYS_MS, TOAST_DURATION_MS, TOAST_EXIT_MS } from './first-load-numbers';

/** Largest JSON body the API reads; larger requests get 413. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Scheduled publishing: the furthest ahead a story may be set to become public (docs/decisions/0072). */
export const SCHEDULE_AHEAD_MAX_DAYS = 365;
/** Reading lists (docs/decisions/0071-reading-lists.md): named lists per reader, besides Read later. */
export const READING_LISTS_MAX = 50;
/** Stories in one reading list, Read later included. */
export const READING_LIST_ENTRIES_MAX = 1000;
export const READING_LIST_NOTE_MAX = 300;
export const READING_LIST_TITLE_MAX = 60;
/** Series (docs/decisions/0070-series.md): how many one writer keeps, and how many stories one holds ("100 drabbles in 100 days" fits, a year of days too). */
export const SERIES_PER_WRITER_MAX = 100;
export const SERIES_STORIES_MAX = 365;
