import { sql, type Kysely, type Transaction } from 'kysely';
import { liveEventSchemas, type LiveEventPayload, type RecordedLiveEventType } from '@common/events/live-events';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';

/** How long events are kept for clients that reconnect; older gaps get a `reset`. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Events read per query, by the bus and by a stream's replay. */
export const OUTBOX_PAGE = 500;
/** The NOTIFY channel: its payload is the event id, but listeners read whatever is new. */
export const PG_CHANNEL = 'drabble_live_events';

export interface LiveEvent {
  id: number;
  topic: string;
  type: string;
  /** JSON text, sent to the browser as the SSE `data:` field. */
  payload: string;
  /** When it was recorded (ISO): the metrics' delivery lag. Absent on events made elsewhere than the outbox. */
  createdAt?: string;
}

/**
 * Writes an event in the caller's transaction, so it commits or rolls back with the change
 * it describes. The id comes from the one-row `liveEventSeq`: its row lock, held to the
 * end of the transaction, makes ids follow commit order (call this last in a transaction,
 * to hold the lock briefly). On PostgreSQL the NOTIFY is queued here too; it is delivered
 * only if the transaction commits.
 */
export async function insertEvent<T extends RecordedLiveEventType>(
  trx: Transaction<Database>,
  dialect: Dialect,
  topic: string,
  type: T,
  data: LiveEventPayload<T>,
): Promise<number> {
  const checked = liveEventSchemas[type].safeParse(data);
  if (!checked.success) throw new Error(`live event ${type} does not match its schema: ${checked.error.message}`);
  const payload = JSON.stringify(data);
  const createdAt = new Date().toISOString();
  if (dialect === 'postgres') {
    // One round trip: the same three steps as below, as one statement of data-modifying CTEs.
    const { rows } = await sql<{ id: number | string }>`with "next" as (
      update "liveEventSeq" set "last" = "last" + 1 where "id" = 1 returning "last"
    ), "recorded" as (
      insert into "liveEvents" ("id", "topic", "type", "payload", "created_at")
      select "last", ${topic}, ${type}, ${payload}, ${createdAt} from "next" returning "id"
    )
    select "id", pg_notify(${PG_CHANNEL}, "id"::text) from "recorded"`.execute(trx);
    if (rows.length !== 1) throw new Error('the live-event sequence row is missing');
    return Number(rows[0]!.id);
  }
  const { last: id } = await trx
    .updateTable('liveEventSeq')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  await trx.insertInto('liveEvents').values({ id: Number(id), topic, type, payload, created_at: createdAt }).execute();
  return Number(id);
}

/** Events after `afterId`, oldest first; only those on `topics` when given. */
export async function eventsAfter(db: Kysely<Database>, afterId: number, topics?: readonly string[]): Promise<LiveEvent[]> {
  if (topics?.length === 0) return [];
  let query = db.selectFrom('liveEvents').select(['id', 'topic', 'type', 'payload', 'created_at']).where('id', '>', afterId);
  if (topics) query = query.where('topic', 'in', topics);
  const rows = await query.orderBy('id').limit(OUTBOX_PAGE).execute();
  return rows.map(({ created_at, ...row }) => ({ ...row, id: Number(row.id), createdAt: created_at }));
}

export interface OutboxPosition {
  /** The oldest id still kept; `latest + 1` when none is. */
  oldest: number;
  /** The last id committed. Every id up to it is committed: ids follow commit order. */
  latest: number;
}

export async function outboxPosition(db: Kysely<Database>): Promise<OutboxPosition> {
  const seq = await db.selectFrom('liveEventSeq').select('last').where('id', '=', 1).executeTakeFirstOrThrow();
  const kept = await db
    .selectFrom('liveEvents')
    .select((eb) => eb.fn.min<number | null>('id').as('oldest'))
    .executeTakeFirst();
  const latest = Number(seq.last);
  return { latest, oldest: kept?.oldest == null ? latest + 1 : Number(kept.oldest) };
}

export async function pruneEvents(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('liveEvents')
    .where('created_at', '<', new Date(now - LIVE_EVENT_RETENTION_MS).toISOString())
    .execute();
}
