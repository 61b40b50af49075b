import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AuditFilter, AuditSource } from '@common/admin/admin';
import { addDays } from '@common/streaks/streak';
import type { Database } from '../../../db/types';
import { likeLiteral } from '../../../shared/like';

type Db = Kysely<Database>;

/*
 * The audit log's two tables, adminLogs and systemLogs, read with the same filters and cursor
 * (the merge is audit.ts's). The order is (timestamp, source, id), all descending: ids are
 * compared only within their own table, by the database, so the cursor means the same thing
 * to both queries and to the merge.
 */

/** Where the previous page ended: its last entry's timestamp, source and id. */
export interface AuditPosition {
  t: string;
  s: AuditSource;
  i: string;
}

/** The columns both tables answer with, under the same names. */
export interface LogRow {
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
function afterCursor(source: AuditSource, cursor: AuditPosition): Expression<SqlBool> {
  const ts = sql.ref('timestamp');
  if (source === cursor.s) return sql<SqlBool>`(${ts} < ${cursor.t} or (${ts} = ${cursor.t} and ${sql.ref('id')} < ${cursor.i}))`;
  // Same timestamp: 'system' sorts before 'admin' (descending), so only the other source's later rows remain.
  return source < cursor.s ? sql<SqlBool>`${ts} <= ${cursor.t}` : sql<SqlBool>`${ts} < ${cursor.t}`;
}

/** The filter and cursor as conditions on either table (their columns share names, the type's aside). */
function conditions(source: AuditSource, filter: AuditFilter, cursor: AuditPosition | null): Expression<SqlBool>[] {
  const ts = sql.ref('timestamp');
  const where: Expression<SqlBool>[] = [];
  if (filter.type) where.push(sql<SqlBool>`${sql.ref(source === 'admin' ? 'action' : 'type')} = ${filter.type}`);
  if (filter.user) where.push(userMatches(filter.user));
  if (filter.from) where.push(sql<SqlBool>`${ts} >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to) where.push(sql<SqlBool>`${ts} < ${`${addDays(filter.to, 1)}T00:00:00.000Z`}`);
  if (cursor) where.push(afterCursor(source, cursor));
  return where;
}

export async function readLogTable(db: Db, source: AuditSource, filter: AuditFilter, cursor: AuditPosition | null, limit: number): Promise<LogRow[]> {
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

/** Every distinct type (system) and action (admin) in the logs, each table's as stored. */
export function logTypes(db: Db) {
  return Promise.all([
    db.selectFrom('systemLogs').select('type').distinct().execute(),
    db.selectFrom('adminLogs').select('action as type').distinct().execute(),
  ]);
}
