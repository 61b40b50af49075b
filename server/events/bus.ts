import { AsyncResource } from 'node:async_hooks';
import type pg from 'pg';
import type { Kysely, Transaction } from 'kysely';
import type { LiveEventPayload, RecordedLiveEventType } from '@common/events/live-events';
import type { Database } from '../db/types';
import type { DatabaseHandle } from '../db/database';
import type { Logger } from '../logger';
import { isDatabaseUnavailable } from '../db/unavailable';
import { eventsAfter, insertEvent, outboxPosition, OUTBOX_PAGE, PG_CHANNEL, pruneEvents, type LiveEvent, type OutboxPosition } from './outbox';

export type { LiveEvent } from './outbox';

type Listener = (event: LiveEvent) => void;

/** Told how long each event took from being recorded to being dispatched here (the metrics' delivery lag). */
export interface BusObserver {
  delivered(lagMs: number): void;
}

/** Topics: one per user (`user:<uid>`) and one for every admin (`admins`). */
export const userTopic = (uid: string) => `user:${uid}`;
export const ADMINS_TOPIC = 'admins';

/** Reconnecting the LISTEN connection: the first wait, doubling up to the longest. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;
/** The last event id committed, as caughtUp reads it on PostgreSQL (the pool's search_path finds the table). */
const LATEST_EVENT_ID = 'select "last" from "liveEventSeq" where "id" = 1';
/** After a failed read of new events. */
const DRAIN_RETRY_MS = 2000;

/**
 * Live updates through an outbox (docs/decisions/0006-live-event-outbox.md). A change
 * records its event in its own transaction (`record`); after commit the bus reads every
 * event past the last one it dispatched, in id order, and hands each to the subscribers
 * of its topic. It reads when told something committed: in-process on SQLite (a commit
 * hook), by NOTIFY on PostgreSQL (so every instance hears), and after each reconnect of
 * the LISTEN connection, so events committed while it was down are not lost.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly everyEvent = new Set<Listener>();
  private lastDispatched = 0;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  /** SQLite: an event was written since the last commit, so the next commit dispatches. */
  private recorded = false;
  private stopCommitHook: () => void = () => {};
  private listener: { client: pg.Client; pid: number } | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  /** PostgreSQL: the read of the latest event id under way, and the one queued behind it (caughtUp). */
  private probing: Promise<number | null> | null = null;
  private nextProbe: Promise<number | null> | null = null;
  /**
   * The bus's own async context, where every read of new events runs: a read that a request's
   * catching up started serves every request and listener alike, so it belongs to none of them
   * (what a request is charged with, in logs and statement counts, is its own work).
   */
  private readonly scope = new AsyncResource('drabble.live-events');

  private constructor(
    private readonly handle: DatabaseHandle,
    private readonly logger: Logger,
    private readonly observer: BusObserver | null,
  ) {}

  /**
   * The id of the last event this instance dispatched. Every event after it is still to come
   * live or is in the outbox, so a new stream that resumes from it misses nothing; it may
   * lag the outbox (events committed but not yet dispatched here), which only replays more.
   */
  get dispatchedUpTo(): number {
    return this.lastDispatched;
  }

  static async start(handle: DatabaseHandle, logger: Logger, observer: BusObserver | null = null): Promise<EventBus> {
    const bus = new EventBus(handle, logger, observer);
    // Events from before start-up are for replay (`since`), not for live dispatch.
    bus.lastDispatched = (await outboxPosition(handle.db)).latest;
    if (handle.onCommit) {
      bus.stopCommitHook = handle.onCommit(() => bus.afterCommit());
    } else {
      try {
        await bus.listen();
      } catch (err) {
        await bus.close();
        throw err;
      }
    }
    return bus;
  }

  private get db(): Kysely<Database> {
    return this.handle.db;
  }

  /** The backend pid of the LISTEN connection (PostgreSQL), null while it is down. */
  get listenerPid(): number | null {
    return this.listener?.pid ?? null;
  }

  /** Writes an event in `trx`; subscribers get it once `trx` commits, never if it rolls back. */
  async record<T extends RecordedLiveEventType>(trx: Transaction<Database>, topic: string, type: T, data: LiveEventPayload<T>): Promise<void> {
    await insertEvent(trx, this.handle.dialect, topic, type, data);
    this.recorded = true;
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

  /** Up to OUTBOX_PAGE events on these topics after `afterId`, oldest first. */
  since(topics: readonly string[], afterId: number): Promise<LiveEvent[]> {
    return eventsAfter(this.db, afterId, topics);
  }

  /** The oldest kept and the latest committed id: what a resuming client can be given. */
  position(): Promise<OutboxPosition> {
    return outboxPosition(this.db);
  }

  async pruneOld(now = Date.now()): Promise<void> {
    await pruneEvents(this.db, now);
  }

  /**
   * Dispatches now whatever has committed, without waiting to be told (PostgreSQL's NOTIFY
   * arrives a moment later): for a change whose effects this instance must show at once.
   */
  async flush(): Promise<void> {
    this.wake();
    await this.draining;
  }

  /**
   * Whether every event committed before this call has been dispatched here, reading the latest
   * id from the database and dispatching whatever this instance has not heard yet (a NOTIFY still
   * on its way, another process's commit on SQLite). Answers kept in memory are dropped by events
   * (the shared community page, trusted sessions, kept users rows), so a request that starts
   * after a change was answered may use them once this is true, whichever instance made the
   * change (docs/decisions/0062-kept-answers-catch-up-with-the-outbox.md). False when the
   * database could not say: then nothing kept may be used.
   *
   * SQLite answers at once, without yielding, when nothing is new. On PostgreSQL one read serves
   * every request that began before it was sent: a read already under way may have been sent
   * before this caller's request arrived, so a caller waits for the next one, which all callers
   * arriving meanwhile share (at most one read under way and one queued).
   */
  caughtUp(): boolean | Promise<boolean> {
    if (this.closed) return false;
    const now = this.handle.latestEventIdNow;
    if (now) {
      let latest: number;
      try {
        latest = now();
      } catch {
        return false;
      }
      return this.dispatchedThrough(latest);
    }
    return this.probe().then((latest) => latest !== null && this.dispatchedThrough(latest));
  }

  private dispatchedThrough(latest: number): boolean | Promise<boolean> {
    if (this.lastDispatched >= latest) return true;
    return this.flush().then(() => this.lastDispatched >= latest);
  }

  private probe(): Promise<number | null> {
    if (!this.probing) return this.startProbe();
    this.nextProbe ??= this.probing.then(() => {
      this.nextProbe = null;
      return this.startProbe();
    });
    return this.nextProbe;
  }

  private startProbe(): Promise<number | null> {
    // On the LISTEN connection while it is up: it is this instance's own and otherwise idle, so
    // the read waits for no pooled connection; the text is fixed, so nothing is compiled per read.
    const on = this.listener?.client ?? this.handle.pgPool;
    if (!on) return Promise.resolve(null);
    const probing = this.scope
      .runInAsyncScope(() => on.query<{ last: string | number }>(LATEST_EVENT_ID))
      .then(({ rows }) => (rows[0] ? Number(rows[0].last) : null))
      .catch(() => null)
      .finally(() => {
        if (this.probing === probing) this.probing = null;
      });
    this.probing = probing;
    return probing;
  }

  private afterCommit(): void {
    if (!this.recorded) return;
    this.recorded = false;
    this.wake();
  }

  /** Single-flight: one reader at a time; a wake-up during a read makes it read again. */
  private wake(): void {
    if (this.closed) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.scope.runInAsyncScope(() => this.drain()).finally(() => (this.draining = null));
  }

  private async drain(): Promise<void> {
    do {
      this.drainAgain = false;
      try {
        let page: LiveEvent[];
        do {
          page = await eventsAfter(this.db, this.lastDispatched);
          const now = Date.now();
          for (const event of page) {
            this.lastDispatched = event.id;
            this.dispatch(event);
            if (this.observer && event.createdAt) this.observer.delivered(Math.max(0, now - Date.parse(event.createdAt)));
          }
        } while (page.length === OUTBOX_PAGE && !this.closed);
      } catch (err) {
        if (this.closed) return;
        // The database being out of reach is expected now and then (a restart): a warning.
        if (isDatabaseUnavailable(err)) this.logger.warn({ cause: (err as Error).message }, 'could not read live events: database unavailable; retrying');
        else this.logger.error({ err }, 'could not read live events; retrying');
        setTimeout(() => this.wake(), DRAIN_RETRY_MS).unref();
        return;
      }
    } while (this.drainAgain && !this.closed);
  }

  /** Told of every event dispatched here, whatever its topic (e.g. to drop what a write made stale). */
  onEveryEvent(listener: Listener): () => void {
    this.everyEvent.add(listener);
    return () => this.everyEvent.delete(listener);
  }

  private dispatch(event: LiveEvent): void {
    for (const listener of this.everyEvent) this.tell(listener, event);
    for (const listener of this.listeners.get(event.topic) ?? []) this.tell(listener, event);
  }

  private tell(listener: Listener, event: LiveEvent): void {
    try {
      listener(event);
    } catch (err) {
      this.logger.error({ err }, 'live-event listener failed');
    }
  }


  private async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ ...this.handle.pgClientConfig, keepAlive: true });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.listener?.client === client) this.listener = null;
      void client.end().catch(() => {});
      if (this.closed) return;
      this.logger.warn({ err }, 'live-event listener is down; reconnecting');
      this.retryListen();
    };
    client.on('notification', () => this.wake());
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${PG_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (lost || this.closed) throw new Error('live-event listener closed while connecting');
      this.listener = { client, pid: rows[0]!.pid };
    } catch (err) {
      onLost(err);
      throw err;
    }
    this.failures = 0;
    // Whatever committed while nobody was listening.
    this.wake();
  }

  private retryListen(): void {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(RETRY_MIN_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      // A failed attempt schedules the next one itself (onLost).
      this.listen().catch(() => {});
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.stopCommitHook();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.listener?.client;
    this.listener = null;
    await client?.end().catch(() => {});
    await this.draining;
  }
}
