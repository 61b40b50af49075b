import './temporal';
import {
  createExponentialBackoffPolicy,
  createFederation,
  SendActivityError,
  type Context,
  type Federation,
  type RetryPolicy,
} from '@fedify/fedify';
import {
  Accept,
  Announce,
  Create,
  Endpoints,
  Follow,
  Image,
  Like,
  Note,
  Person,
  Reject,
  Undo,
  isActor,
  Delete,
  Update,
  Flag,
} from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import type { Logger } from '../../logger';
import type { ServerContext } from '../../context';
import type { EventBus } from '../../events/bus';
import { KyselyKvStore } from './queries/kv-store';
import { KyselyMessageQueue } from './queries/message-queue';
import { writerKeyPairs } from './keys';
import { storyNote } from './notes';
import { INSTANCE_ACTOR, instanceActor, instanceUsername } from './instance-actor';
import { receiveFlag } from './flags';
import { recipientOf, rememberActor } from './remote-actors';
import { receiveRemoteStory } from './inbound';
import { forgetReply, receiveReply } from './replies';
import { replyNote } from './notes';
import {
  acceptFollowOf,
  actorRow,
  addRemoteFollower,
  forgetRemoteStory,
  insertFailure,
  receiveReaction,
  rejectFollowOf,
  withdrawReaction,
  countFollowers,
  countOutboxStories,
  domainPolicy,
  federatableStory,
  followersOf,
  localCounts,
  outboxStories,
  isKnownActor,
  recordActorAsSeen,
  removeRemoteFollower,
  findSentReply,
  uidOfHandle,
  writerBlocks,
} from './queries';

/** Where Fedify serves what other servers fetch; the people-facing pages stay the SPA's. */
export const FEDERATION_PATHS = {
  actor: '/ap/users/{identifier}',
  inbox: '/ap/users/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/users/{identifier}/outbox',
  followers: '/ap/users/{identifier}/followers',
  note: '/ap/stories/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const;

/** Requests Fedify answers; everything else goes straight to the app. */
export const isFederationPath = (path: string) =>
  path.startsWith('/ap/') || path === '/.well-known/webfinger' || path === '/.well-known/nodeinfo' || path.startsWith('/nodeinfo/');

const OUTBOX_PAGE = 20;

/**
 * About two days of tries: 30 s doubling to 8 h between them, 15 tries (~48 h). Then the
 * delivery is dropped and counted (`onDrop`).
 */
const RETRIES = createExponentialBackoffPolicy({ initialDelay: { seconds: 30 }, maxDelay: { hours: 8 }, maxAttempts: 15 });

export interface FederationDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  logger: Logger;
  /** Reports from other servers reach the admins' queues through it. */
  bus: EventBus;
  publicUrl: string;
  version: string;
  /** Loopback peers over plain HTTP, for tests and trials (FEDERATION_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
  /** Whether anyone may sign up (NodeInfo's openRegistrations). */
  openRegistrations: () => Promise<boolean>;
  /** Deliveries handled at once by this instance. */
  concurrency?: number;
  /** The app's context, for what an activity changes beyond federation (a reply becomes a comment). */
  app: () => ServerContext;
  /** The size of writers' new RSA keys: keys.ts's RSA_KEY_BITS unless given (the API tests make smaller ones). */
  rsaKeyBits?: number;
}

export interface DrabbleFederation {
  federation: Federation<void>;
  kv: KyselyKvStore;
  queue: KyselyMessageQueue;
  /** A context for sending outside a request (the story sync). */
  context(): Context<void>;
  /** A writer's actor, as it is served (for an Update of it). */
  actor(ctx: Context<void>, uid: string): Promise<Person | null>;
  /** Deliveries dropped after their last retry, since start. */
  dropped(): number;
}

/** An activity from a blocked domain (or one under it) changes nothing here. */
async function fromBlockedDomain(db: Kysely<Database>, actorId: URL | null): Promise<boolean> {
  return actorId === null || (await domainPolicy(db, actorId.hostname)) === 'block';
}

export function createDrabbleFederation(deps: FederationDeps): DrabbleFederation {
  const { db, logger, publicUrl } = deps;

  /** The story a like or boost is of: one of ours that may be seen, from a server we take activities from. */
  const reactedStory = async (ctx: Context<void>, objectId: URL | null, actorId: URL | null): Promise<string | null> => {
    if (!objectId || !actorId || (await fromBlockedDomain(db, actorId))) return null;
    const target = ctx.parseUri(objectId);
    if (target?.type !== 'object' || target.class !== Note) return null;
    const story = await federatableStory(db, target.values.id ?? '');
    if (!story || (await writerBlocks(db, story.uid, actorId.href))) return null;
    return story.id;
  };
  const ourOrigin = new URL(publicUrl).origin;
  /**
   * A post (new or edited): a reply to one of our stories becomes a comment; one in reply to
   * anything else here is not kept; the rest is a post of an account someone here follows.
   */
  const receivePost = async (ctx: Context<void>, note: Note, actor: URL): Promise<void> => {
    if (note.replyTargetId?.origin === ourOrigin) {
      const story = await reactedStory(ctx, note.replyTargetId, actor);
      if (story) await receiveReply(deps.app(), ctx, note, actor, story);
      return;
    }
    await receiveRemoteStory(db, note, actor);
  };
  const kv = new KyselyKvStore(db);
  const queue = new KyselyMessageQueue(db, deps.dialect, logger, { concurrency: deps.concurrency ?? 8 });
  let dropped = 0;
  const retries: RetryPolicy = (context) => {
    const delay = RETRIES(context);
    if (delay === null) dropped += 1;
    return delay;
  };

  const federation = createFederation<void>({
    kv,
    queue,
    manuallyStartQueue: true,
    origin: publicUrl,
    allowPrivateAddress: deps.allowPrivateAddresses,
    userAgent: { software: `Drabble/${deps.version}`, url: new URL(publicUrl) },
    outboxRetryPolicy: retries,
    onOutboxError: async (error) => {
      if (!(error instanceof SendActivityError)) return;
      await insertFailure(db, {
        domain: error.inbox.hostname,
        inbox: error.inbox.href,
        activityType: 'delivery',
        error: `${error.statusCode} ${error.message}`.slice(0, 500),
        failedAt: new Date().toISOString(),
      }).catch(() => {});
    },
  });

  /** A writer as their actor shows them (null: not federated: private, gone, or not sharing). */
  const actorOf = async (ctx: Context<void>, identifier: string): Promise<Person | null> => {
    const user = await actorRow(db, identifier);
    if (!user) return null;
    const keys = await ctx.getActorKeyPairs(identifier);
    const profileUrl = new URL(`/@${user.handle}`, publicUrl);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: user.handle,
      name: user.displayName ?? user.handle,
      summary: user.bio || user.aboutMe || null,
      url: profileUrl,
      icon: user.profileImage ? new Image({ url: new URL(user.profileImage, publicUrl) }) : null,
      inbox: ctx.getInboxUri(identifier),
      outbox: ctx.getOutboxUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      published: Temporal.Instant.from(new Date(user.created_at).toISOString()),
      discoverable: true,
      manuallyApprovesFollowers: false,
      publicKey: keys[0]?.cryptographicKey ?? null,
      assertionMethods: keys.map((k) => k.multikey),
    });
  };

  federation
    .setActorDispatcher(FEDERATION_PATHS.actor, (ctx, identifier) => (identifier === INSTANCE_ACTOR ? instanceActor(ctx, publicUrl) : actorOf(ctx, identifier)))
    .setKeyPairsDispatcher((_ctx, identifier) => writerKeyPairs(db, identifier, deps.rsaKeyBits))
    .mapHandle(async (_ctx, handle) => (await uidOfHandle(db, handle)) ?? (handle.toLowerCase() === instanceUsername(publicUrl) ? INSTANCE_ACTOR : null));

  // Stories, and members' replies to posts elsewhere (one dispatcher per class: ids never clash).
  federation.setObjectDispatcher(Note, FEDERATION_PATHS.note, async (ctx, values) => {
    const story = await federatableStory(db, values.id);
    if (story) return storyNote(ctx, story, publicUrl);
    const reply = await findSentReply(db, values.id);
    return reply && (await actorRow(db, reply.uid)) ? replyNote(ctx, reply) : null;
  });

  federation
    .setOutboxDispatcher(FEDERATION_PATHS.outbox, async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      const before = cursor === '' ? null : Number(cursor);
      if (before !== null && !Number.isSafeInteger(before)) return { items: [] };
      const rows = await outboxStories(db, identifier, OUTBOX_PAGE, before);
      const items = rows.map(
        (story) =>
          new Create({
            id: new URL(`${ctx.getObjectUri(Note, { id: story.id }).href}#create`),
            actor: ctx.getActorUri(identifier),
            object: storyNote(ctx, story, publicUrl),
          }),
      );
      return { items, nextCursor: rows.length === OUTBOX_PAGE ? String(rows.at(-1)!.seq) : null };
    })
    .setFirstCursor(() => '')
    .setCounter((_ctx, identifier) => countOutboxStories(db, identifier));

  federation
    .setFollowersDispatcher(FEDERATION_PATHS.followers, async (_ctx, identifier) => {
      const rows = await followersOf(db, identifier);
      return {
        items: rows.map(recipientOf),
      };
    })
    .setCounter((_ctx, identifier) => countFollowers(db, identifier));

  federation.setNodeInfoDispatcher(FEDERATION_PATHS.nodeInfo, async () => {
    const now = Date.now();
    const counts = await localCounts(db, {
      halfYear: new Date(now - 182 * 86_400_000).toISOString(),
      month: new Date(now - 30 * 86_400_000).toISOString(),
    });
    return {
      software: { name: 'drabble', version: deps.version, homepage: new URL(publicUrl) },
      protocols: ['activitypub'],
      openRegistrations: await deps.openRegistrations(),
      usage: { users: { total: counts.total, activeHalfyear: counts.halfYear, activeMonth: counts.month }, localPosts: counts.posts, localComments: 0 },
    };
  });

  federation
    .setInboxListeners(FEDERATION_PATHS.inbox, FEDERATION_PATHS.sharedInbox)
    // A report from another server (flags.ts).
    .on(Flag, async (ctx, flag) => {
      if (await fromBlockedDomain(db, flag.actorId)) return;
      await receiveFlag({ db, dialect: deps.dialect, bus: deps.bus }, ctx, flag);
    })
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const writer = await actorRow(db, target.identifier);
      if (!writer) return;
      const follower = await follow.getActor(ctx);
      if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return;
      // The host's block of its server, or the writer's own block of the account: refused.
      if ((await domainPolicy(db, follower.id.hostname)) === 'block' || (await writerBlocks(db, writer.uid, follower.id.href))) {
        await ctx.sendActivity({ identifier: target.identifier }, follower, new Reject({ id: new URL(`${ctx.getActorUri(target.identifier).href}#reject-${crypto.randomUUID()}`), actor: follow.objectId, object: follow }));
        return;
      }
      if (!(await rememberActor(db, ctx, follower))) return;
      await addRemoteFollower(db, target.identifier, follower.id.href, follow.id.href);
      await recordActorAsSeen(db, target.identifier);
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({ id: new URL(`${ctx.getActorUri(target.identifier).href}#accept-${crypto.randomUUID()}`), actor: follow.objectId, object: follow }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      if (await fromBlockedDomain(db, undo.actorId)) return;
      const object = await undo.getObject(ctx);
      if ((object instanceof Like || object instanceof Announce) && object.id && undo.actorId) {
        await withdrawReaction(db, object.id, undo.actorId);
        return;
      }
      if (!(object instanceof Follow) || !undo.actorId || !object.objectId) return;
      // Only the follower may take their follow back.
      if (object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      await removeRemoteFollower(db, target.identifier, undo.actorId.href);
    })
    // The follow answered is ours (its id is on this server), so it is matched by id, never
    // fetched: only the account it asked to follow may answer it (the signature says who sent).
    .on(Accept, async (_ctx, accept) => {
      if (await fromBlockedDomain(db, accept.actorId)) return;
      if (accept.objectId && accept.actorId) await acceptFollowOf(db, accept.objectId, accept.actorId);
    })
    .on(Reject, async (_ctx, reject) => {
      if (reject.objectId && reject.actorId) await rejectFollowOf(db, reject.objectId, reject.actorId);
    })
    .on(Create, async (ctx, create) => {
      if (await fromBlockedDomain(db, create.actorId)) return;
      const object = await create.getObject(ctx);
      if (object instanceof Note && create.actorId) await receivePost(ctx, object, create.actorId);
    })
    .on(Update, async (ctx, update) => {
      if (await fromBlockedDomain(db, update.actorId)) return;
      const object = await update.getObject(ctx);
      if (object instanceof Note && update.actorId) await receivePost(ctx, object, update.actorId);
      // An account's new name or picture: only its own Update, of an account we know.
      if (isActor(object) && object.id && object.id.href === update.actorId?.href && (await isKnownActor(db, object.id))) await rememberActor(db, ctx, object);
    })
    .on(Like, async (ctx, like) => {
      const story = await reactedStory(ctx, like.objectId, like.actorId);
      if (story && like.id && like.actorId) await receiveReaction(db, story, 'like', like.id, like.actorId);
    })
    .on(Announce, async (ctx, announce) => {
      const story = await reactedStory(ctx, announce.objectId, announce.actorId);
      if (story && announce.id && announce.actorId) await receiveReaction(db, story, 'announce', announce.id, announce.actorId);
    })
    .on(Delete, async (_ctx, del) => {
      if (await fromBlockedDomain(db, del.actorId)) return;
      if (!del.objectId || !del.actorId) return;
      if (!(await forgetReply(deps.app(), del.objectId, del.actorId))) await forgetRemoteStory(db, del.objectId, del.actorId);
    });

  return {
    federation,
    kv,
    queue,
    context: () => federation.createContext(new URL(publicUrl), undefined),
    actor: actorOf,
    dropped: () => dropped,
  };
}
