import type { Kysely } from 'kysely';
import { SESSIONS_TOPIC, type LiveEventPayload } from '@common/events/live-events';
import type { ServerContext } from '../context';
import type { Database } from '../db/types';
import type { EventBus } from '../events/bus';
import type { OpenStreams } from '../events/streams';
import type { Logger } from '../logger';
import type { SessionCache } from './session-cache';

/**
 * How the end of one session reaches everything that still trusts it, on every instance
 *. Sessions end through better-auth (sign-out, a session removed in Settings,
 * "sign out other sessions", a password change or reset), whose delete hook announces them
 * here; an account's change of standing ends all of its sessions itself
 * (shared/account-state.ts). Every instance hears `sessions.ended`, forgets the cookies it
 * cached and closes those sessions' open live streams, telling their tabs they were signed out.
 *
 * The announcement is written after better-auth's delete has committed, so a crash between
 * the two, or a row removed by hand, would leave a stream listening: each instance also
 * re-checks its streams' sessions once per session-cache window (`SessionRecheck`), the same
 * delay after which it would stop honouring a cached cookie.
 */
export async function announceSessionsEnded(ctx: Pick<ServerContext, 'db' | 'bus'>, uid: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await ctx.db.transaction().execute((trx) => ctx.bus.record(trx, SESSIONS_TOPIC, 'sessions.ended', { uid, sessionIds }));
}

/** This instance's part: forget the ended sessions' cached cookies and close their streams. */
export function followEndedSessions(bus: EventBus, cache: SessionCache, streams: OpenStreams): () => void {
  return bus.subscribe([SESSIONS_TOPIC], (event) => {
    const { uid, sessionIds } = JSON.parse(event.payload) as LiveEventPayload<'sessions.ended'>;
    // A whole account's end (no ids) closes its streams through `session.ended` on its own topic.
    if (!sessionIds) return cache.evictUser(uid);
    cache.evictSessions(sessionIds);
    streams.endSessions(uid, sessionIds);
  });
}

/** Session ids looked up per statement: well inside every driver's limit on parameters. */
const CHECK_CHUNK = 500;

/**
 * Once per window, the sessions this instance's streams were opened with are looked up (one
 * statement per CHECK_CHUNK sessions, not one per stream); streams of sessions that are gone
 * or expired are signed out. Runs only while streams are open.
 */
export class SessionRecheck {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly streams: OpenStreams,
    private readonly everyMs: number,
    private readonly logger: Logger,
  ) {}

  start(): this {
    this.timer = setInterval(() => {
      this.running ??= this.run()
        .catch((err: unknown) => this.logger.warn({ err }, 'live-stream session re-check failed'))
        .finally(() => (this.running = null));
    }, this.everyMs);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async run(now = Date.now()): Promise<void> {
    const open = [...this.streams.sessions()];
    for (let start = 0; start < open.length; start += CHECK_CHUNK) {
      const chunk = open.slice(start, start + CHECK_CHUNK);
      const rows = await this.db
        .selectFrom('authSessions')
        .select(['id', 'expiresAt'])
        .where(
          'id',
          'in',
          chunk.map(([sessionId]) => sessionId),
        )
        .execute();
      const valid = new Set(rows.filter((row) => new Date(row.expiresAt).getTime() > now).map((row) => row.id));
      for (const [sessionId, uid] of chunk) if (!valid.has(sessionId)) this.streams.endSessions(uid, [sessionId]);
    }
  }
}
