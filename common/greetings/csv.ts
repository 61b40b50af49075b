import Papa from 'papaparse';
import {
  GREETING_TEXTS,
  greetingPunctuationSchema,
  greetingTextSchema,
  type GreetingPunctuation,
  type ImportError,
} from './greetings';
import { isAllowedText, normalizeLineBreaks } from '../shared/text';

/*
 * Greetings as CSV, for the Greetings Manager's Export and Import (spec section 3): the header
 * `text,punctuation,enabled`, the text always quoted with quotes doubled, enabled true/false.
 * Written and read with papaparse on both sides: the browser checks a file before sending it,
 * the server reads it again and compares it with the stored list.
 */

export const CSV_HEADER = ['text', 'punctuation', 'enabled'] as const;

export interface GreetingRow {
  text: string;
  punctuation: GreetingPunctuation;
  enabled: boolean;
}

/**
 * Cells a spreadsheet would run as a formula (OWASP CSV injection) are written with a leading
 * `'`. Leading quotes already there count too, so the import can strip exactly one and every
 * text survives the round trip: `=x` ↔ `'=x`, `'=x` ↔ `''=x`, `'hi` stays `'hi`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

function unescapeFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** The export: the header, then one line per greeting, the text always quoted (quotes doubled). */
export function greetingsToCsv(rows: readonly GreetingRow[]): string {
  const header = Papa.unparse([[...CSV_HEADER]]);
  if (rows.length === 0) return `${header}\r\n`;
  const body = Papa.unparse(
    rows.map((row) => [row.text, row.punctuation, String(row.enabled)]),
    { quotes: [true, false, false], escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `${header}\r\n${body}\r\n`;
}

export type ParsedCsv = { ok: true; rows: Array<GreetingRow & { line: number }>; errors: ImportError[] } | { ok: false };

const keyOf = (row: { text: string; punctuation: string }) => `${row.punctuation}\u0000${row.text}`;

function readRow(cells: string[]): GreetingRow | string {
  if (cells.length !== CSV_HEADER.length) return `Expected ${CSV_HEADER.length} values (${CSV_HEADER.join(',')}), found ${cells.length}.`;
  const [rawText = '', rawPunctuation = '', rawEnabled = ''] = cells;
  const text = greetingTextSchema.safeParse(unescapeFormula(rawText.trim()));
  if (!text.success) return text.error.issues[0]?.message ?? GREETING_TEXTS.empty;
  const punctuation = greetingPunctuationSchema.safeParse(rawPunctuation.trim());
  if (!punctuation.success) return GREETING_TEXTS.punctuation;
  const enabled = rawEnabled.trim().toLowerCase();
  if (enabled !== 'true' && enabled !== 'false') return GREETING_TEXTS.enabled;
  return { text: text.data, punctuation: punctuation.data, enabled: enabled === 'true' };
}

/**
 * Reads an uploaded file. Not CSV at all (characters no text has, a quote left open, no
 * `text,punctuation,enabled` header): `{ ok: false }`, 'Invalid CSV file.'. Otherwise every
 * row is a greeting or an error with its line number; blank lines are skipped, and a row
 * repeating an earlier one's text and punctuation is an error (the first one counts).
 */
export function parseGreetingsCsv(file: string): ParsedCsv {
  const csv = normalizeLineBreaks(file).replace(/^\ufeff/, '');
  if (!isAllowedText(csv)) return { ok: false };
  const records: Array<{ cells: string[]; line: number }> = [];
  let failed = false;
  let line = 1;
  let offset = 0;
  Papa.parse<string[]>(csv, {
    delimiter: ',',
    step: (result) => {
      if (result.errors.length > 0) failed = true;
      records.push({ cells: result.data, line });
      // The next record starts where this one ended: count the lines it spanned.
      const end = result.meta.cursor;
      for (let i = offset; i < end; i++) if (csv.charCodeAt(i) === 10) line++;
      offset = end;
    },
  });
  const [header, ...rest] = records;
  const headerCells = header?.cells.map((cell) => cell.trim().toLowerCase());
  if (failed || !headerCells || headerCells.join(',') !== CSV_HEADER.join(',')) return { ok: false };

  const rows: Array<GreetingRow & { line: number }> = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  for (const { cells, line: at } of rest) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const row = readRow(cells);
    if (typeof row === 'string') {
      errors.push({ line: at, message: row });
      continue;
    }
    const first = seen.get(keyOf(row));
    if (first !== undefined) {
      errors.push({ line: at, message: `Repeats line ${first}.` });
      continue;
    }
    seen.set(keyOf(row), at);
    rows.push({ ...row, line: at });
  }
  return { ok: true, rows, errors };
}

export interface ImportPlan<E> {
  create: GreetingRow[];
  /** Existing greetings whose enabled flag the file changes. */
  update: Array<{ existing: E; enabled: boolean }>;
  unchanged: number;
}

/** What an import does to the stored list: rows matching a greeting's text and punctuation update it, the others are new. */
export function planImport<E extends GreetingRow>(existing: readonly E[], rows: readonly GreetingRow[]): ImportPlan<E> {
  const byKey = new Map(existing.map((greeting) => [keyOf(greeting), greeting]));
  const plan: ImportPlan<E> = { create: [], update: [], unchanged: 0 };
  for (const row of rows) {
    const match = byKey.get(keyOf(row));
    if (!match) plan.create.push({ text: row.text, punctuation: row.punctuation, enabled: row.enabled });
    else if (match.enabled !== row.enabled) plan.update.push({ existing: match, enabled: row.enabled });
    else plan.unchanged++;
  }
  return plan;
}
