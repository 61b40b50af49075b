import './temporal';
import type { Context } from '@fedify/fedify';
import { Follow, Reject, Undo, isActor } from '@fedify/vocab';
import type { z } from 'zod';
import type { FederationSettings, federationSettingsUpdateSchema, FediverseReactions, RemoteStory } from '@common/federation/federation';
import type { Viewer } from '../../policy/viewer';
import { authorizeStory } from '../../policy/stories';
import { findStoryRowFor } from '../stories';

import { FEDERATION_TEXTS, fediverseReplyModeSchema } from '@common/federation/federation';
import type { ServerContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  deleteRemoteFollowing,
  domainPolicy,
  removeRemoteFollower,
  federationSettingsOf,
  followedRemoteStories,
  followersOf,
  followingOf,
  followOf,
  followWithInbox,
  insertPendingFollow,
  reactionCounts,
  repliesTo,
  setFederationSettings,
} from './queries';
import { recipientOf, rememberActor } from './remote-actors';
import type { FederationService } from './service';
import { federationOf } from './of-context';

const off = () => new AppError(404, 'federation_off', FEDERATION_TEXTS.off);

export function serviceOf(ctx: ServerContext): FederationService {
  const service = federationOf(ctx);
  if (!service) throw off();
  return service;
}

export async function federationSettings(ctx: ServerContext, uid: string): Promise<FederationSettings> {
  const row = await federationSettingsOf(ctx.db, uid);
  const replies = fediverseReplyModeSchema.safeParse(row.fediverseReplies);
  return {
    enabled: ctx.federation !== null,
    federate: row.federate === 1,
    replies: replies.success ? replies.data : 'show',
    address: `@${row.handle}@${new URL(ctx.config.publicUrl).host}`,
  };
}

/** Turning sharing off sends a Delete for every story that went out; turning it on sends them again. */
export async function updateFederationSettings(ctx: ServerContext, uid: string, update: z.output<typeof federationSettingsUpdateSchema>): Promise<FederationSettings> {
  await setFederationSettings(ctx.db, uid, update);
  if (update.federate !== undefined) federationOf(ctx)?.stories.trigger([uid]);
  return federationSettings(ctx, uid);
}

/** An account as the web shows it: its picture is our copy (remote-avatars.ts), never their server's address. */
export const account = (row: { uri: string; handle: string; name: string; url: string | null; avatarUrl: string | null; domain: string }) => ({
  id: row.uri,
  handle: row.handle,
  name: row.name,
  url: row.url,
  iconUrl: row.avatarUrl,
  domain: row.domain,
});

export async function remoteFollowers(ctx: ServerContext, uid: string) {
  const rows = await followersOf(ctx.db, uid);
  return { followers: rows.map((row) => ({ ...account(row), since: row.created_at })) };
}

/** Removes a follower on another server and tells their server (a Reject of their follow). */
export async function removeRemoteFollowerOf(ctx: ServerContext, uid: string, actorUri: string): Promise<void> {
  const service = serviceOf(ctx);
  const row = await followWithInbox(ctx.db, 'remoteFollowers', uid, actorUri);
  if (!row) throw notFound('No such follower.');
  await removeRemoteFollower(ctx.db, uid, actorUri);
  const fed = service.fed.context();
  const follow = new Follow({ id: new URL(row.followId), actor: new URL(row.uri), object: fed.getActorUri(uid) });
  await fed.sendActivity(
    { identifier: uid },
    recipientOf(row),
    new Reject({ id: new URL(`${fed.getActorUri(uid).href}#reject-${crypto.randomUUID()}`), actor: fed.getActorUri(uid), object: follow }),
  );
}

export async function remoteFollowing(ctx: ServerContext, uid: string) {
  const rows = await followingOf(ctx.db, uid);
  return { following: rows.map((row) => ({ ...account(row), state: row.state === 'accepted' ? ('accepted' as const) : ('pending' as const), since: row.created_at })) };
}

/**
 * The account behind `@name@host`: WebFinger, then its actor. WebFinger for an acct: address is
 * always asked over https; with FEDERATION_ALLOW_PRIVATE_ADDRESSES (peers on loopback in tests
 * and trials, which serve plain http) it is asked over http when https finds nothing.
 */
export async function lookupActor(fed: Context<void>, handle: string, plainHttpToo: boolean) {
  const found = await fed.lookupObject(handle).catch(() => null);
  if (found || !plainHttpToo) return found;
  const at = handle.lastIndexOf('@');
  const host = handle.slice(at + 1);
  const resource = `acct:${handle.slice(1, at)}@${host}`;
  const jrd = await fetch(`http://${host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, { headers: { accept: 'application/jrd+json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ links?: { rel?: string; type?: string; href?: string }[] }>) : null))
    .catch(() => null);
  const self = jrd?.links?.find((link) => link.rel === 'self' && link.type === 'application/activity+json' && link.href);
  return self?.href ? fed.lookupObject(self.href).catch(() => null) : null;
}

/** Follows a writer on another server by their address: looked up (WebFinger), then a Follow sent. */
export async function followRemote(ctx: ServerContext, uid: string, handle: string) {
  const service = serviceOf(ctx);
  const host = handle.slice(handle.lastIndexOf('@') + 1).toLowerCase();
  if (host === new URL(ctx.config.publicUrl).host.toLowerCase()) throw badRequest(FEDERATION_TEXTS.self, 'same_server');
  if ((await domainPolicy(ctx.db, host.replace(/:\d+$/, ''))) === 'block') throw new AppError(403, 'domain_blocked', FEDERATION_TEXTS.blockedDomain);
  const fed = service.fed.context();
  const found = await lookupActor(fed, handle, ctx.config.federation.allowPrivateAddresses);
  if (!found || !isActor(found) || !found.id) throw notFound(FEDERATION_TEXTS.notFound);
  if ((await domainPolicy(ctx.db, found.id.hostname)) === 'block') throw new AppError(403, 'domain_blocked', FEDERATION_TEXTS.blockedDomain);
  const actor = await rememberActor(ctx.db, fed, found);
  if (!actor) throw notFound(FEDERATION_TEXTS.notFound);
  const followId = new URL(`${fed.getActorUri(uid).href}#follow-${crypto.randomUUID()}`);
  await insertPendingFollow(ctx.db, uid, actor.uri, followId.href, new Date().toISOString());
  const current = await followOf(ctx.db, uid, actor.uri);
  if (current.followId === followId.href) {
    await fed.sendActivity({ identifier: uid }, found, new Follow({ id: followId, actor: fed.getActorUri(uid), object: found.id }));
  }
  return remoteFollowing(ctx, uid);
}

/** Stops following a writer on another server (an Undo of the follow to their server). */
export async function unfollowRemote(ctx: ServerContext, uid: string, actorUri: string): Promise<void> {
  const service = serviceOf(ctx);
  const row = await followWithInbox(ctx.db, 'remoteFollowing', uid, actorUri);
  if (!row) throw notFound('You do not follow them.');
  await deleteRemoteFollowing(ctx.db, uid, actorUri);
  const fed = service.fed.context();
  const me = fed.getActorUri(uid);
  await fed.sendActivity(
    { identifier: uid },
    recipientOf(row),
    new Undo({ id: new URL(`${me.href}#undo-${crypto.randomUUID()}`), actor: me, object: new Follow({ id: new URL(row.followId), actor: me, object: new URL(row.uri) }) }),
  );
}

export async function remoteStories(ctx: ServerContext, uid: string): Promise<{ stories: RemoteStory[] }> {
  const rows = await followedRemoteStories(ctx.db, uid, 50);
  const mine = await repliesTo(ctx.db, uid, rows.map((row) => row.uri));
  return {
    stories: rows.map((row) => ({
      myReplies: mine.get(row.uri) ?? [],
      id: row.uri,
      url: row.url,
      summary: row.summary,
      sensitive: row.sensitive === 1,
      content: row.content,
      published: row.published,
      author: account({ uri: row.actorUri, handle: row.handle, name: row.name, url: row.actorUrl, avatarUrl: row.avatarUrl, domain: row.domain }),
    })),
  };
}

/** A story's likes and boosts from other servers, for whoever may read it. */
export async function storyFediverseReactions(ctx: ServerContext, viewer: Viewer, storyId: string): Promise<FediverseReactions> {
  const row = await findStoryRowFor(ctx.db, viewer, storyId);
  authorizeStory(viewer, 'read', row);
  return reactionCounts(ctx.db, storyId);
}
