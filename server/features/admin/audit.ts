import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AUDIT_SOURCES, auditUserSchema, type AuditEntry, type AuditFilter, type AuditPage, type AuditSource, type AuditUser } from '@common/admin/admin';
import type { Database } from '../../db/types';
import { cursorField, decodeCursor, encodeCursor } from '../../shared/cursor';
import { logTypes, readLogTable, type LogRow } from './queries/audit';

type Db = Kysely<Database>;

/*
 * The audit log: adminLogs and systemLogs as one list, newest first. Each table is read with
 * the same filters and cursor, limit + 1 rows, and the two are merged. The order is
 * (timestamp, source, id), all descending: ids are compared only within their own table, by
 * the database, so the cursor means the same thing to both queries and to the merge.
 * Details are returned as stored: redacted when written, never restored.
 */

const LOG_ID = /^[A-Za-z0-9-]{1,64}$/;
const auditCursor = z.object({ k: z.literal('audit'), t: cursorField.time, s: z.enum(AUDIT_SOURCES), i: z.string().regex(LOG_ID) });

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function parseUser(text: string | null): AuditUser | null {
  const parsed = auditUserSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

function toEntry(source: AuditSource, row: LogRow): AuditEntry {
  return {
    id: row.id,
    source,
    timestamp: row.timestamp,
    type: row.type,
    action: row.action,
    user: parseUser(row.user),
    target: row.target,
    details: parseJson(row.details),
    level: row.level,
    message: row.message,
  };
}

/** Keeps each table's own order; between them, the later timestamp first, 'system' before 'admin' on a tie. */
function merge(system: AuditEntry[], admin: AuditEntry[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  let s = 0;
  let a = 0;
  while (s < system.length || a < admin.length) {
    const next = a >= admin.length || (s < system.length && system[s]!.timestamp >= admin[a]!.timestamp) ? system[s++]! : admin[a++]!;
    out.push(next);
  }
  return out;
}

/** Up to `limit` entries matching the filter after the cursor, newest first, and whether more follow. */
export async function readAudit(db: Db, filter: AuditFilter, cursor: string | undefined, limit: number): Promise<AuditPage> {
  const after = decodeCursor(auditCursor, cursor);
  const sources = filter.source === 'all' ? AUDIT_SOURCES : [filter.source];
  const [admin, system] = await Promise.all(
    (['admin', 'system'] as const).map(async (source) =>
      sources.includes(source) ? (await readLogTable(db, source, filter, after, limit + 1)).map((row) => toEntry(source, row)) : [],
    ),
  );
  const merged = merge(system ?? [], admin ?? []);
  const entries = merged.slice(0, limit);
  const last = entries.at(-1);
  const nextCursor = merged.length > limit && last ? encodeCursor({ k: 'audit', t: last.timestamp, s: last.source, i: last.id }) : null;
  return { entries, nextCursor };
}

/** Every type (system) and action (admin) in the logs, for the filter's suggestions. */
export async function auditTypes(db: Db): Promise<string[]> {
  const [system, admin] = await logTypes(db);
  return [...new Set([...system, ...admin].map((row) => row.type))].sort();
}
