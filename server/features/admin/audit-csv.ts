import Papa from 'papaparse';
import type { AuditEntry } from '@common/admin/admin';

export const AUDIT_CSV_COLUMNS = ['timestamp', 'source', 'type', 'action', 'level', 'userUid', 'userDisplayName', 'userEmail', 'target', 'message', 'details'] as const;

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or CR before one) gets a
 * leading quote. Papa's own default pattern ends in `.*$`, which a line break defeats.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function row(entry: AuditEntry): string[] {
  return [
    entry.timestamp,
    entry.source,
    entry.type,
    entry.action ?? '',
    entry.level,
    entry.user?.uid ?? '',
    entry.user?.displayName ?? '',
    entry.user?.email ?? '',
    entry.target ?? '',
    entry.message ?? '',
    entry.details === null ? '' : JSON.stringify(entry.details),
  ];
}

/** The entries as CSV (RFC 4180, CRLF), a header row first, details as their (redacted) JSON. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return Papa.unparse({ fields: [...AUDIT_CSV_COLUMNS], data: entries.map(row) }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
