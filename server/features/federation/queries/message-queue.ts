import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Database } from '../../../db/types';
import type { Dialect } from '../../../db/database';
import type { Logger } from '../../../logger';

const iso = (ms: number) => new Date(ms).toISOString();

/** A claimed message belongs to its instance this long: past any one delivery's timeouts. */
const CLAIM_MS = 5 * 60_000;
/** How often an idle listener looks for messages another instance queued (its own wake it at once). */
const POLL_MS = 1000;

export interface QueueOptions {
  /** Messages handled at once by one listener (deliveries wait on the network, not the CPU). */
  concurrency: number;
  now?: () => number;
}

/**
 * Fedify's message queue (outbound deliveries, fan-out, inbound processing) as rows of `fedQueue`,
 * so a restart loses nothing and several instances share the work. A message is claimed by one
 * instance with a conditional UPDATE (SKIP LOCKED on PostgreSQL), handled, then deleted; a claim
 * whose instance died runs out after CLAIM_MS and another instance takes the message. Messages
 * with an ordering key are handled one at a time, oldest first. Retries are Fedify's own
 * (`nativeRetrial` false): it queues a failed delivery again with its backoff delay.
 */
export class KyselyMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly waiting = new Set<() => void>();
  private readonly claimer = randomUUID();
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly logger: Logger,
    private readonly options: QueueOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const now = this.now();
    const delay = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0;
    const rows = messages.map((message) => ({
      message: JSON.stringify(message),
      orderingKey: options?.orderingKey ?? null,
      runAt: iso(now + delay),
      createdAt: iso(now),
    }));
    for (let i = 0; i < rows.length; i += 500) await this.db.insertInto('fedQueue').values(rows.slice(i, i + 500)).execute();
    if (delay === 0) this.wake();
  }

  /**
   * Claims and handles messages, up to `concurrency` at once, until `signal` aborts. One claim at
   * a time: an idle instance asks the database once per POLL_MS (or when its own enqueue wakes it).
   */
  async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    const signal = options?.signal;
    const inFlight = new Set<Promise<void>>();
    while (!signal?.aborted) {
      if (inFlight.size >= this.options.concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      const claimed = await this.claim().catch((err: unknown) => {
        this.logger.warn({ err }, 'federation queue: claiming a message failed');
        return null;
      });
      if (!claimed) {
        await this.idle(signal);
        continue;
      }
      const handling: Promise<void> = this.handle(handler, claimed).finally(() => inFlight.delete(handling));
      inFlight.add(handling);
    }
    await Promise.all(inFlight);
  }

  private async handle(handler: (message: unknown) => Promise<void> | void, claimed: { id: number; message: string }): Promise<void> {
    try {
      await handler(JSON.parse(claimed.message));
    } catch (err) {
      // Fedify retries deliveries itself; a handler that throws past it is a bug, logged once.
      this.logger.error({ err }, 'federation queue: a message handler failed');
    }
    await this.db
      .deleteFrom('fedQueue')
      .where('id', '=', claimed.id)
      .where('claimedBy', '=', this.claimer)
      .execute()
      .catch((err: unknown) => this.logger.warn({ err }, 'federation queue: removing a handled message failed'));
    // The next message with the same ordering key may be due now.
    this.wake();
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const now = iso(this.now());
    const row = await this.db
      .selectFrom('fedQueue')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('queued'),
        eb.fn.sum<number | string | null>(eb.case().when('runAt', '<=', now).then(1).else(0).end()).as('ready'),
      ])
      .where('claimedBy', 'is', null)
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    const ready = Number(row.ready ?? 0);
    return { queued, ready, delayed: queued - ready };
  }

  /** Wakes idle listeners in this process (another instance's listeners poll). */
  private wake(): void {
    for (const resolve of [...this.waiting]) resolve();
  }

  private idle(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      signal?.addEventListener('abort', done, { once: true });
      this.waiting.add(done);
    });
  }

  /** The oldest due message nobody holds, now held by this instance; null when there is none. */
  private async claim(): Promise<{ id: number; message: string } | null> {
    const now = this.now();
    const free = sql`("claimedUntil" is null or "claimedUntil" <= ${iso(now)})`;
    // A message with an ordering key waits for every older one with the same key to be gone.
    const pick = sql`select "q"."id" from "fedQueue" as "q"
      where "q"."runAt" <= ${iso(now)} and ("q"."claimedUntil" is null or "q"."claimedUntil" <= ${iso(now)})
        and ("q"."orderingKey" is null or not exists (
          select 1 from "fedQueue" as "e" where "e"."orderingKey" = "q"."orderingKey" and "e"."id" < "q"."id"))
      order by "q"."id" limit 1${this.dialect === 'postgres' ? sql` for update skip locked` : sql``}`;
    const { rows } = await sql<{ id: number | string; message: string }>`update "fedQueue"
      set "claimedBy" = ${this.claimer}, "claimedUntil" = ${iso(now + CLAIM_MS)}
      where "id" = (${pick}) and ${free}
      returning "id", "message"`.execute(this.db);
    const row = rows[0];
    return row ? { id: Number(row.id), message: row.message } : null;
  }
}
