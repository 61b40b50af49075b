import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { DatabaseHandle } from '../db/database';
import type { Logger } from '../logger';

export interface LiveEvent {
  id: number;
  topic: string;
  type: string;
  /** JSON text, sent to the browser as the SSE `data:` field. */
  payload: string;
}

type Listener = (event: LiveEvent) => void;

/** Topics: one per user (`user:<uid>`) and one for every admin (`admins`). */
export const userTopic = (uid: string) => `user:${uid}`;
export const ADMINS_TOPIC = 'admins';

const PG_CHANNEL = 'drabble_live_events';
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Publish/subscribe for live updates. Every event is stored as a row first, so a client
 * reconnecting with Last-Event-ID gets what it missed; then it is announced: in-process
 * on SQLite, or with NOTIFY (carrying only the id) on PostgreSQL so every instance hears it.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listenClient: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly handle: DatabaseHandle,
    private readonly logger: Logger,
  ) {}

  static async start(handle: DatabaseHandle, logger: Logger): Promise<EventBus> {
    const bus = new EventBus(handle, logger);
    if (handle.dialect === 'postgres') await bus.listen();
    return bus;
  }

  private get db(): Kysely<Database> {
    return this.handle.db;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.handle.pgClientConfig ?? {});
    client.on('notification', (msg) => {
      const id = Number(msg.payload);
      if (Number.isSafeInteger(id)) void this.deliverStored(id);
    });
    client.on('error', (err) => {
      this.logger.error({ err }, 'live-event listener connection failed; reconnecting');
      this.listenClient = null;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${PG_CHANNEL}`);
    this.listenClient = client;
  }

  async publish(topic: string, type: string, data: unknown): Promise<void> {
    const payload = JSON.stringify(data);
    const row = await this.db
      .insertInto('liveEvents')
      .values({ topic, type, payload, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event: LiveEvent = { id: Number(row.id), topic, type, payload };
    if (this.handle.dialect === 'postgres') {
      await this.handle.pgPool?.query('select pg_notify($1, $2)', [PG_CHANNEL, String(event.id)]);
    } else {
      this.dispatch(event);
    }
  }

  subscribe(topics: readonly string[], listener: Listener): () => void {
    for (const topic of topics) {
      let set = this.listeners.get(topic);
      if (!set) this.listeners.set(topic, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const topic of topics) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
  }

  /** Events on these topics after `afterId`, oldest first: what a reconnecting client missed. */
  async since(topics: readonly string[], afterId: number): Promise<LiveEvent[]> {
    if (topics.length === 0) return [];
    const rows = await this.db
      .selectFrom('liveEvents')
      .select(['id', 'topic', 'type', 'payload'])
      .where('topic', 'in', topics)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(500)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async pruneOld(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('liveEvents').where('created_at', '<', new Date(now - RETENTION_MS).toISOString()).execute();
  }

  private async deliverStored(id: number): Promise<void> {
    try {
      const row = await this.db.selectFrom('liveEvents').select(['id', 'topic', 'type', 'payload']).where('id', '=', id).executeTakeFirst();
      if (row) this.dispatch({ ...row, id: Number(row.id) });
    } catch (err) {
      this.logger.error({ err, id }, 'could not load a live event');
    }
  }

  private dispatch(event: LiveEvent): void {
    for (const listener of this.listeners.get(event.topic) ?? []) {
      try {
        listener(event);
      } catch (err) {
        this.logger.error({ err }, 'live-event listener failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => {});
  }
}
