import { madeOnFirstUse } from '../shared/made-on-first-use';
import { JSON_BODY_LIMIT_BYTES } from '../shared/limits';

// Greetings' texts and rules, without zod: the screens people land on read them without building schemas.
// common/greetings/greetings.ts holds the schemas and re-exports all of this (docs/decisions/0049).

/*
 * Greetings: the line that welcomes a writer on the signed-in home ("Welcome back, Ada!"),
 * picked from the enabled greetings, one a day. Admins manage the list. API contract:
 *
 * GET    /api/greetings/today                 → TodayGreetingResponse (signed-in; null when none is enabled)
 * GET    /api/admin/greetings                 → GreetingListResponse (sorted by compareGreetings)
 * POST   /api/admin/greetings {text, punctuation}          → GreetingResponse, 201 (409 when it exists)
 * PATCH  /api/admin/greetings/:id {text?, punctuation?, enabled?} → GreetingResponse
 * DELETE /api/admin/greetings/:id             → { deleted: true }
 * POST   /api/admin/greetings/enable-all      → BulkEnabledResponse (one UPDATE)
 * POST   /api/admin/greetings/disable-all     → BulkEnabledResponse
 * POST   /api/admin/greetings/import/preview {csv} → ImportSummary, nothing written
 * POST   /api/admin/greetings/import {csv}    → ImportSummary, applied in one transaction
 * GET    /api/admin/greetings/export          → text/csv attachment, greetings.csv
 * Guests get 401, signed-in non-admins 403 on every /api/admin route.
 *
 * The CSV format (papaparse) lives in greetings-csv.ts: the home screen loads this module for
 * its greeting and should not download a CSV library only the Greetings Manager uses.
 */

export const GREETING_PUNCTUATION = ['!', '?', '.'] as const;
export type GreetingPunctuation = (typeof GREETING_PUNCTUATION)[number];

/** The greeting the signed-in home shows today. */
export interface TodayGreeting {
  text: string;
  punctuation: GreetingPunctuation;
}

/** A CSV row left out of an import, by line number in the file (the header is line 1). */
export interface ImportError {
  line: number;
  message: string;
}

/** What an import did (or, previewed, would do). */
export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
}
export const DEFAULT_PUNCTUATION: GreetingPunctuation = '!';
export const GREETING_TEXT_MAX = 100;

export const GREETING_TEXTS = {
  title: 'Admin: Greetings Manager',
  empty: 'Please enter a greeting.',
  tooLong: `Please keep a greeting to ${GREETING_TEXT_MAX} characters or fewer.`,
  oneLine: 'A greeting must fit on one line.',
  punctuation: 'Punctuation must be one of ! ? .',
  enabled: 'Enabled must be true or false.',
  nothingToUpdate: 'Nothing to update.',
  exists: 'That greeting already exists.',
  notFound: 'Greeting not found',
  invalidCsv: 'Invalid CSV file.',
  fileTooLarge: `That file is too large to import: the limit is ${Math.floor(JSON_BODY_LIMIT_BYTES / 1024)} KB. Split it into smaller files.`,
  confirmDelete: 'Delete this greeting?',
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 new, 1 updated, 10 unchanged, 2 errors": the preview's line and the import's toast. */
export function formatImportSummary({ created, updated, unchanged, errors }: ImportSummary): string {
  return `${created} new, ${updated} updated, ${unchanged} unchanged, ${plural(errors.length, 'error')}`;
}

// ---- Order, the greeting of the day, and how it reads ------------------------------------

const collator = madeOnFirstUse(() => new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

/** The list's order: by text ignoring case and accents, then exactly, then by punctuation (! ? .). */
export function compareGreetings(a: { text: string; punctuation: string }, b: { text: string; punctuation: string }): number {
  return (
    collator().compare(a.text, b.text) ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) ||
    GREETING_PUNCTUATION.indexOf(a.punctuation as GreetingPunctuation) - GREETING_PUNCTUATION.indexOf(b.punctuation as GreetingPunctuation)
  );
}

const DAY_MS = 86_400_000;

/**
 * Today's greeting among the enabled ones: the UTC day number modulo their count, over the
 * list's order. The same all day for everyone; the next one along the next day.
 */
export function greetingOfDay<T extends { text: string; punctuation: string }>(enabled: readonly T[], now: Date): T | null {
  if (enabled.length === 0) return null;
  const day = Math.floor(now.getTime() / DAY_MS);
  const sorted = [...enabled].sort(compareGreetings);
  return sorted[((day % sorted.length) + sorted.length) % sorted.length] ?? null;
}

/** "{text}, {first}{punctuation}"; with no greeting enabled, the fixed "Welcome back, {first}!". */
export function formatGreeting(greeting: TodayGreeting | null, first: string): string {
  return greeting ? `${greeting.text}, ${first}${greeting.punctuation}` : `Welcome back, ${first}!`;
}

