import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import type { Logger } from '../../logger';
import type { EventBus } from '../../events/bus';
import type { AppConfig } from '../../config';
import type { Federation, ServerContext } from '../../context';
import type { RateLimiter } from '../../http/rate-limiter';
import type { ObjectStorage } from '../../storage';
import { readRegistration } from '../registration';
import { APP_VERSION } from '../../ops/version';
import { createDrabbleFederation, isFederationPath, type DrabbleFederation } from './federation';
import { StorySync } from './story-sync';
import { sendFedifyLogsTo } from './fedify-logs';
import { copyRemoteAvatarsWith } from './remote-avatars';

/** Events come in bursts (a publish records several): one pass for a burst. */
const SYNC_DEBOUNCE_MS = 100;

/** The writers a live event is about: the person whose topic it is on, and whom its payload names. */
function writersOf(event: { topic: string; payload: string }): string[] {
  const own = event.topic.startsWith('user:') ? [event.topic.slice('user:'.length)] : [];
  try {
    const data = JSON.parse(event.payload) as { uid?: unknown; authorUid?: unknown; user?: { uid?: unknown } };
    return [...own, ...[data.uid, data.authorUid, data.user?.uid].filter((v): v is string => typeof v === 'string')];
  } catch {
    return own;
  }
}

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * Activities one server may post to our inboxes per minute: far past a busy Mastodon's traffic
 * for one site like this, and a cap on what a misbehaving server costs us.
 */
export const INBOX_LIMIT = { max: 600, windowMs: 60_000 };

/**
 * The server an inbox POST says it comes from: the host of its signature's key (draft-cavage
 * `Signature: keyId="…"` or RFC 9421 `Signature-Input: …;keyid="…"`); null when unsigned (Fedify
 * refuses those with 401). Only for counting: the signature itself is checked by Fedify.
 */
export function claimedServer(headers: Headers): string | null {
  const text = `${headers.get('signature') ?? ''} ${headers.get('signature-input') ?? ''}`;
  const keyId = /keyid="([^"]+)"/i.exec(text)?.[1];
  if (!keyId || !URL.canParse(keyId)) return null;
  return new URL(keyId).host.toLowerCase();
}

/**
 * ActivityPub for this instance: Fedify in front of the app for the paths other servers use,
 * the delivery queue's listener, and the story sync that sends what followers are owed.
 */
export class FederationService implements Federation {
  readonly fed: DrabbleFederation;
  readonly stories: StorySync;
  private readonly abort = new AbortController();
  private debounce: NodeJS.Timeout | null = null;
  private readonly named = new Set<string>();
  private stopListening: () => void = () => {};
  private queueDone: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      dialect: Dialect;
      logger: Logger;
      config: AppConfig;
      bus: EventBus;
      rateLimiter: RateLimiter;
      /** The whole context, once built (inbound activities arrive after start-up). */
      app: () => ServerContext;
      /** Where copies of remote accounts' pictures go, beside the profile images. */
      storage: ObjectStorage;
      /** The size of writers' new RSA keys (keys.ts). */
      rsaKeyBits?: number;
    },
  ) {
    const { db, dialect, logger, config } = deps;
    sendFedifyLogsTo(logger);
    this.fed = createDrabbleFederation({
      db,
      dialect,
      logger,
      bus: deps.bus,
      publicUrl: config.publicUrl,
      version: APP_VERSION,
      allowPrivateAddresses: config.federation.allowPrivateAddresses,
      openRegistrations: async () => (await readRegistration(db)).mode === 'open',
      app: deps.app,
      rsaKeyBits: deps.rsaKeyBits,
    });
    this.stories = new StorySync(this.fed, db, logger, config.publicUrl);
    copyRemoteAvatarsWith(this.fed.federation, {
      storage: deps.storage,
      logger,
      allowPrivateAddresses: config.federation.allowPrivateAddresses,
      userAgent: `Drabble/${APP_VERSION} (+${config.publicUrl})`,
    });
  }

  /** Puts Fedify in front of `app` for federation paths and ActivityPub requests. */
  wrap(app: Fetch): Fetch {
    const federation = this.fed.federation;
    return async (request, env) => {
      const path = new URL(request.url).pathname;
      if (!isFederationPath(path)) return app(request, env);
      if (request.method === 'POST' && path.endsWith('/inbox')) {
        const server = claimedServer(request.headers);
        if (server) {
          const hit = await this.deps.rateLimiter.count(`fed-inbox:${server}`, INBOX_LIMIT.windowMs);
          if (hit.count > INBOX_LIMIT.max) {
            const retryAfter = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000));
            return Response.json(
              { error: { code: 'rate_limited', message: 'Too many activities from your server. Please try again later.' } },
              { status: 429, headers: { 'retry-after': String(retryAfter) } },
            );
          }
        }
      }
      return federation.fetch(request, {
        contextData: undefined,
        onNotFound: () => app(request, env),
        onNotAcceptable: () => app(request, env),
      });
    };
  }

  /** Starts delivering and sending; the queue is shared with every other instance. */
  start(): void {
    this.queueDone = this.fed.federation.startQueue(undefined, { signal: this.abort.signal });
    this.stopListening = this.deps.bus.onEveryEvent((event) => {
      const writers = writersOf(event);
      if (writers.length === 0) return;
      for (const uid of writers) this.named.add(uid);
      this.debounce ??= setTimeout(() => {
        this.debounce = null;
        const uids = [...this.named];
        this.named.clear();
        this.stories.trigger(uids);
      }, SYNC_DEBOUNCE_MS);
    });
    this.stories.trigger();
  }

  async close(): Promise<void> {
    this.stopListening();
    if (this.debounce) clearTimeout(this.debounce);
    this.abort.abort();
    await this.queueDone?.catch(() => {});
    await this.stories.settled();
  }
}
