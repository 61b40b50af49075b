import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { AUDIT_SOURCES, auditUserSchema, type AuditEntry, type AuditFilter, type AuditPage, type AuditSource, type AuditUser } from '@common/admin/admin';
import { addDays } from '@common/streaks/streak';
import type { Database } from '../../db/types';
import { cursorField, decodeCursor, encodeCursor } from '../../shared/cursor';

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
type AuditCursor = z.infer<typeof auditCursor>;

/** The columns both tables answer with, under the same names. */
interface LogRow {
  id: string;
  timestamp: string;
  type: string;
  action: string | null;
  user: string | null;
  target: string | null;
  details: string | null;
  level: string;
  message: string | null;
}

/** `%`, `_` and the escape character itself, taken literally by LIKE … ESCAPE '\'. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The text as it appears inside a JSON string (the stored user is JSON). */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The user filter: the logged user's uid is the value, or their email contains it (any
 * case). Matched on the stored JSON text, which both databases can search with LIKE.
 */
function userMatches(value: string): Expression<SqlBool> {
  const needle = likeLiteral(jsonInner(value.toLowerCase()));
  const lowered = sql`lower(${sql.ref('user')})`;
  return sql<SqlBool>`(${lowered} like ${`%"uid":"${needle}"%`} escape '\\' or ${lowered} like ${`%"email":"%${needle}%`} escape '\\')`;
}

/** Rows of one table after the cursor: (timestamp, source, id) descending, the source fixed per table. */
function afterCursor(source: AuditSource, cursor: AuditCursor): Expression<SqlBool> {
  const ts = sql.ref('timestamp');
  if (source === cursor.s) return sql<SqlBool>`(${ts} < ${cursor.t} or (${ts} = ${cursor.t} and ${sql.ref('id')} < ${cursor.i}))`;
  // Same timestamp: 'system' sorts before 'admin' (descending), so only the other source's later rows remain.
  return source < cursor.s ? sql<SqlBool>`${ts} <= ${cursor.t}` : sql<SqlBool>`${ts} < ${cursor.t}`;
}

/** The filter and cursor as conditions on either table (their columns share names, the type's aside). */
function conditions(source: AuditSource, filter: AuditFilter, cursor: AuditCursor | null): Expression<SqlBool>[] {
  const ts = sql.ref('timestamp');
  const where: Expression<SqlBool>[] = [];
  if (filter.type) where.push(sql<SqlBool>`${sql.ref(source === 'admin' ? 'action' : 'type')} = ${filter.type}`);
  if (filter.user) where.push(userMatches(filter.user));
  if (filter.from) where.push(sql<SqlBool>`${ts} >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to) where.push(sql<SqlBool>`${ts} < ${`${addDays(filter.to, 1)}T00:00:00.000Z`}`);
  if (cursor) where.push(afterCursor(source, cursor));
  return where;
}

async function readTable(db: Db, source: AuditSource, filter: AuditFilter, cursor: AuditCursor | null, limit: number): Promise<LogRow[]> {
  const where = conditions(source, filter, cursor);
  if (source === 'admin') {
    let q = db
      .selectFrom('adminLogs')
      .select(['id', 'timestamp', 'action as type', sql<string | null>`null`.as('action'), 'user', 'target', 'details', sql<string>`'info'`.as('level'), sql<string | null>`null`.as('message')]);
    for (const condition of where) q = q.where(condition);
    return q.orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
  let q = db.selectFrom('systemLogs').select(['id', 'timestamp', 'type', 'action', 'user', 'resource as target', 'details', 'level', 'message']);
  for (const condition of where) q = q.where(condition);
  return q.orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

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
      sources.includes(source) ? (await readTable(db, source, filter, after, limit + 1)).map((row) => toEntry(source, row)) : [],
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
  const [system, admin] = await Promise.all([
    db.selectFrom('systemLogs').select('type').distinct().execute(),
    db.selectFrom('adminLogs').select('action as type').distinct().execute(),
  ]);
  return [...new Set([...system, ...admin].map((row) => row.type))].sort();
}
