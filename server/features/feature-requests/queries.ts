import type { Insertable, Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import {
  FEATURE_REQUEST_FILTERS,
  FEATURE_REQUEST_PAGE_SIZE,
  FEATURE_REQUEST_STATUSES,
  MY_FEATURE_REQUESTS_LIMIT,
  type AdminFeatureRequest,
  type AdminFeatureRequestPage,
  type FeatureRequest,
  type FeatureRequestFilter,
  type FeatureRequestResponse,
  type FeatureRequestStatus,
  type MyFeatureRequest,
} from '@common/feature-requests/feature-requests';
import type { Dialect } from '../../db/database';
import type { Database, FeatureRequestsTable } from '../../db/types';
import { fromDbBool, toDbBool } from '../../db/bool';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { DASHED_ID_PATTERN } from '../../shared/ids';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;
export type FeatureRequestRow = Selectable<FeatureRequestsTable>;

/** Feature request ids are UUIDs (older ones) or 20-character ids: anything else names none. */

/** A status the spec does not know (or none) counts as new. */
export function statusOf(stored: string | null): FeatureRequestStatus {
  return FEATURE_REQUEST_STATUSES.find((s) => s === stored) ?? 'new';
}

export function toFeatureRequest(row: FeatureRequestRow): FeatureRequest {
  return {
    id: row.id,
    text: row.text,
    user: { uid: row.userUid, displayName: row.userDisplayName, email: row.userEmail },
    status: statusOf(row.status),
    created_at: row.created_at,
    lastActivity: row.lastActivity,
    hasAdminResponse: fromDbBool(row.hasAdminResponse),
  };
}

/**
 * Reads the request for a change in `trx`, holding its row until commit on PostgreSQL
 * (SQLite's write transactions run one at a time). Every write to a request or its thread
 * takes this lock first, then the conversation's: one order, so two writers never wait on
 * each other in a circle.
 */
export async function lockFeatureRequest(trx: Db, dialect: Dialect, id: string): Promise<FeatureRequestRow | undefined> {
  return trx
    .selectFrom('featureRequests')
    .selectAll()
    .where('id', '=', id)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

function toResponse(row: { id: string; from: string; fromType: string; text: string; created_at: string; read: number }): FeatureRequestResponse {
  return { id: row.id, from: row.from, fromType: row.fromType === 'user' ? 'user' : 'admin', text: row.text, created_at: row.created_at, read: fromDbBool(row.read) };
}

/** The requests with their responses (oldest first) and thread, as the admin list shows them. */
async function withResponses(db: Db, rows: FeatureRequestRow[]): Promise<AdminFeatureRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const responses = await db
    .selectFrom('featureRequestResponses')
    .select(['id', 'featureRequestId', 'from', 'fromType', 'text', 'created_at', 'read'])
    .where('featureRequestId', 'in', ids)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const threads = await db.selectFrom('conversations').select(['id', 'featureRequestId']).where('featureRequestId', 'in', ids).execute();
  return rows.map((row) => {
    const own = responses.filter((r) => r.featureRequestId === row.id).map(toResponse);
    return {
      ...toFeatureRequest(row),
      responses: own,
      responseCount: own.length,
      hasUnreadUserReply: own.some((r) => r.fromType === 'user' && !r.read),
      conversationId: threads.find((t) => t.featureRequestId === row.id)?.id ?? null,
    };
  });
}

export async function findAdminFeatureRequest(db: Db, id: string): Promise<AdminFeatureRequest | null> {
  const row = await db.selectFrom('featureRequests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [request] = await withResponses(db, [row]);
  return request ?? null;
}

const KNOWN_NOT_NEW = FEATURE_REQUEST_STATUSES.filter((s) => s !== 'new');

/** How many requests each filter button shows (`all` is the heading's n). */
async function countsByFilter(db: Db): Promise<Record<FeatureRequestFilter, number>> {
  const rows = await db.selectFrom('featureRequests').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const counts = Object.fromEntries(FEATURE_REQUEST_FILTERS.map((f) => [f, 0])) as Record<FeatureRequestFilter, number>;
  for (const row of rows) {
    counts[statusOf(row.status)] += Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

/** A cursor names its filter: one from another filter's list would skip or repeat requests in this one. */
const pageCursor = (filter: FeatureRequestFilter) =>
  z.object({ k: z.literal('featureRequests'), f: z.literal(filter), c: cursorField.time, i: z.string().regex(DASHED_ID_PATTERN) });

/** The admin list: newest first, one filter at a time, with every filter's count. */
export async function listAdminFeatureRequests(db: Db, filter: FeatureRequestFilter, cursor: string | undefined): Promise<AdminFeatureRequestPage> {
  const after = decodeCursor(pageCursor(filter), cursor);
  let q = db.selectFrom('featureRequests').selectAll();
  if (filter === 'new') q = q.where((eb) => eb.or([eb('status', '=', 'new'), eb('status', 'not in', KNOWN_NOT_NEW)]));
  else if (filter !== 'all') q = q.where('status', '=', filter);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(after.c, after.i)));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(FEATURE_REQUEST_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, FEATURE_REQUEST_PAGE_SIZE, (last) =>
    encodeCursor({ k: 'featureRequests', f: filter, c: last.created_at, i: last.id }),
  );
  return { featureRequests: await withResponses(db, items), nextCursor, counts: await countsByFilter(db) };
}

/** "My suggestions": the requester's newest requests with how many answers each has and its thread. */
export async function listMyFeatureRequests(db: Db, uid: string): Promise<MyFeatureRequest[]> {
  const rows = await db
    .selectFrom('featureRequests as f')
    .leftJoin('conversations as c', 'c.featureRequestId', 'f.id')
    .selectAll('f')
    .select('c.id as conversationId')
    .select((eb) =>
      eb
        .selectFrom('featureRequestResponses as r')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('r.featureRequestId', '=', 'f.id')
        .as('responseCount'),
    )
    .where('f.userUid', '=', uid)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(MY_FEATURE_REQUESTS_LIMIT)
    .execute();
  return rows.map(({ conversationId, responseCount, ...row }) => ({
    ...toFeatureRequest(row),
    responseCount: Number(responseCount ?? 0),
    conversationId,
  }));
}

export async function insertFeatureRequest(db: Db, row: Insertable<FeatureRequestsTable>): Promise<void> {
  await db.insertInto('featureRequests').values(row).execute();
}

/** A response on the request, unread by the other side. */
export async function insertResponse(
  db: Db,
  response: { id: string; featureRequestId: string; from: string; fromType: 'admin' | 'user'; text: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('featureRequestResponses')
    .values({ ...response, read: toDbBool(false) })
    .execute();
}

/** An admin answered: status responded, last active at `at`. */
export async function setRequestResponded(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('featureRequests')
    .set({ status: 'responded', lastActivity: at, hasAdminResponse: toDbBool(true) })
    .where('id', '=', id)
    .execute();
}

export async function setRequestActivity(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('featureRequests').set({ lastActivity: at }).where('id', '=', id).execute();
}

export async function setRequestStatus(db: Db, id: string, status: FeatureRequestStatus, at: string): Promise<void> {
  await db.updateTable('featureRequests').set({ status, lastActivity: at }).where('id', '=', id).execute();
}

/** Which request a conversation is the thread of (undefined: no such conversation). */
export function requestOfConversation(db: Db, conversationId: string) {
  return db.selectFrom('conversations').select('featureRequestId').where('id', '=', conversationId).executeTakeFirst();
}

/** The request's thread, if one was started. */
export function threadOfRequest(db: Db, requestId: string) {
  return db.selectFrom('conversations').select('id').where('featureRequestId', '=', requestId).executeTakeFirst();
}

/** The responses `fromType` wrote on the request are read; how many were unread. */
export async function markResponsesRead(db: Db, requestId: string, fromType: 'admin' | 'user'): Promise<number> {
  const responses = await db
    .updateTable('featureRequestResponses')
    .set({ read: toDbBool(true) })
    .where('featureRequestId', '=', requestId)
    .where('fromType', '=', fromType)
    .where('read', '=', toDbBool(false))
    .executeTakeFirst();
  return Number(responses.numUpdatedRows);
}

/** How many responses the request has. */
export async function countResponses(db: Db, requestId: string): Promise<number> {
  const responses = await db
    .selectFrom('featureRequestResponses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('featureRequestId', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(responses.n);
}

export async function deleteRequestRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('featureRequests').where('id', '=', id).execute();
}
