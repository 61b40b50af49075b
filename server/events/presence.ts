import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Logger } from '../logger';

/** A row stays current this long without renewal: an instance that dies stops counting after it. */
export const PRESENCE_TTL_MS = 90_000;
/** Every open stream's row is renewed this often (a third of the TTL: two renewals may fail). */
export const PRESENCE_RENEW_MS = 30_000;

const untilFrom = (now: number) => new Date(now + PRESENCE_TTL_MS).toISOString();

/**
 * This instance's side of presence (server/shared/presence.ts reads it): one `liveStreams`
 * row per open stream, with what its tab watches. One shared timer renews all of this
 * instance's rows in one UPDATE, whatever the number of streams; a closed stream deletes its
 * row, and `stop` deletes whatever is left at shutdown. Presence is advisory (it only holds
 * back notifications and emails), so a failed write is logged and the stream carries on.
 */
export class StreamPresence {
  /** Random per server start: rows of a previous run of this process are not ours to renew. */
  readonly instanceId = crypto.randomUUID();
  private readonly pending = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
  ) {}

  /** Starts the shared renewal timer (it does not keep the process alive). */
  start(): this {
    this.timer ??= setInterval(() => void this.renew(), PRESENCE_RENEW_MS);
    this.timer.unref();
    return this;
  }

  /** Records an open stream; resolves with its row id, or null when it could not be written. */
  async add(uid: string, watching: string | null, now = Date.now()): Promise<string | null> {
    if (this.stopped) return null;
    const id = crypto.randomUUID();
    const ok = await this.track(
      this.db.insertInto('liveStreams').values({ id, instanceId: this.instanceId, uid, watching, until: untilFrom(now) }).execute(),
      'could not record an open live stream',
    );
    return ok ? id : null;
  }

  /** Forgets a closed stream. Fire and forget: `stop` waits for it. */
  remove(id: string | null): void {
    if (id === null || this.stopped) return;
    void this.track(this.db.deleteFrom('liveStreams').where('id', '=', id).execute(), 'could not delete a closed live stream');
  }

  /**
   * Moves every row of this instance to `now + TTL` in one statement, and clears rows that
   * other (dead) instances left expired.
   */
  async renew(now = Date.now()): Promise<void> {
    if (this.stopped) return;
    await this.track(
      (async () => {
        await this.db.updateTable('liveStreams').set({ until: untilFrom(now) }).where('instanceId', '=', this.instanceId).execute();
        await this.db.deleteFrom('liveStreams').where('until', '<', new Date(now).toISOString()).execute();
      })(),
      'could not renew live-stream presence',
    );
  }

  /** At shutdown, after the streams have closed: stops renewing and deletes this instance's rows. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
    await Promise.allSettled([...this.pending]);
    await this.db
      .deleteFrom('liveStreams')
      .where('instanceId', '=', this.instanceId)
      .execute()
      .catch((err: unknown) => this.logger.warn({ err }, 'could not delete this instance’s live streams'));
  }

  private async track(work: Promise<unknown>, failure: string): Promise<boolean> {
    this.pending.add(work);
    try {
      await work;
      return true;
    } catch (err) {
      this.logger.warn({ err }, failure);
      return false;
    } finally {
      this.pending.delete(work);
    }
  }
}
