import './temporal';
import type { Note } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { remoteText, sanitizeRemoteHtml } from './sanitize';

type Db = Kysely<Database>;

/** Their server accepted a member's follow: only the followed account may, and only that follow. */
export async function acceptFollowOf(db: Db, followId: URL, from: URL): Promise<void> {
  await db.updateTable('remoteFollowing').set({ state: 'accepted' }).where('followId', '=', followId.href).where('actorUri', '=', from.href).execute();
}

export async function rejectFollowOf(db: Db, followId: URL, from: URL): Promise<void> {
  await db.deleteFrom('remoteFollowing').where('followId', '=', followId.href).where('actorUri', '=', from.href).execute();
}

/**
 * A post (new or edited) from an account on another server: kept only when someone here follows
 * its author, only from its author (the activity's actor is the post's attribution, and the post's
 * id is on the actor's server), with its HTML sanitised before it is stored.
 */
export async function receiveRemoteStory(db: Db, note: Note, actor: URL): Promise<void> {
  if (!note.id || note.attributionId?.href !== actor.href || note.id.origin !== actor.origin) return;
  const followed = await db.selectFrom('remoteFollowing').select('uid').where('actorUri', '=', actor.href).where('state', '=', 'accepted').executeTakeFirst();
  if (!followed) return;
  const now = new Date().toISOString();
  const url = note.url instanceof URL && /^https?:$/.test(note.url.protocol) ? note.url.href : null;
  const row = {
    uri: note.id.href,
    actorUri: actor.href,
    url,
    summary: note.summary ? remoteText(note.summary.toString(), 500) : null,
    sensitive: note.sensitive ? (1 as const) : (0 as const),
    content: sanitizeRemoteHtml(note.content?.toString() ?? '').slice(0, 20_000),
    published: note.published ? new Date(note.published.epochMilliseconds).toISOString() : now,
    updated_at: now,
  };
  const { uri: _uri, actorUri: _actor, ...changes } = row;
  await db
    .insertInto('remoteStories')
    .values(row)
    .onConflict((oc) => oc.column('uri').doUpdateSet(changes).where('remoteStories.actorUri', '=', actor.href))
    .execute();
}

/** A Delete from another server: only its author's post goes. */
export async function forgetRemoteStory(db: Db, objectId: URL, actor: URL): Promise<void> {
  await db.deleteFrom('remoteStories').where('uri', '=', objectId.href).where('actorUri', '=', actor.href).execute();
}

/** A like or boost of one of our stories, once per account and kind; only of a story that may be seen. */
export async function receiveReaction(db: Db, storyId: string, kind: 'like' | 'announce', activityId: URL, actor: URL): Promise<void> {
  await db
    .insertInto('remoteReactions')
    .values({ activityId: activityId.href, storyId, actorUri: actor.href, kind, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** An Undo of a like or boost: only by the account that made it. */
export async function withdrawReaction(db: Db, activityId: URL, actor: URL): Promise<void> {
  await db.deleteFrom('remoteReactions').where('activityId', '=', activityId.href).where('actorUri', '=', actor.href).execute();
}

/** How many accounts elsewhere liked and boosted a story. */
export async function reactionCounts(db: Db, storyId: string): Promise<{ likes: number; boosts: number }> {
  const rows = await db
    .selectFrom('remoteReactions')
    .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
    .where('storyId', '=', storyId)
    .groupBy('kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { likes: of('like'), boosts: of('announce') };
}
