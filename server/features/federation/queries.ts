import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, FedFailuresTable, RemoteActorsTable, RemoteStoriesTable, SentRepliesTable } from '../../db/types';
import type { FederatedStory, SentReply } from './notes';
import { findByHandle } from '../../shared/handles';

type Db = Kysely<Database>;

/** A writer as their actor shows them; only accounts that may be seen and chose to federate. */
export function actorRow(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'handle', 'displayName', 'bio', 'aboutMe', 'profileImage', 'created_at'])
    .where('uid', '=', uid)
    .where('federate', '=', 1)
    .where('deletedAt', 'is', null)
    .where('suspendedAt', 'is', null)
    .where('deactivatedAt', 'is', null)
    .where('awaitingApprovalSince', 'is', null)
    .executeTakeFirst();
}

/**
 * The uid behind a handle (any case), also an old one (it keeps leading to the same actor for
 * servers that remember it), if its account may be seen; the actor itself says whether it federates.
 */
export async function uidOfHandle(db: Db, handle: string): Promise<string | null> {
  const found = await findByHandle(db, handle.toLowerCase());
  return found && !found.hidden ? found.uid : null;
}

/**
 * The stories that may go out: public, not an unrevealed contest entry, by a writer who is
 * neither limited, suspended, deactivated, deleted nor waiting for approval, and who shares
 * their stories with the fediverse. One rule, used for sending, serving and deleting.
 */
export function federatableStories(db: Db) {
  return db
    .selectFrom('stories as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .where('s.public', '=', 1)
    .where('s.contestId', 'is', null)
    .where('s.authorState', '=', 0)
    .where('u.federate', '=', 1)
    .where('u.limitedAt', 'is', null)
    .where('u.suspendedAt', 'is', null)
    .where('u.deactivatedAt', 'is', null)
    .where('u.deletedAt', 'is', null)
    .where('u.awaitingApprovalSince', 'is', null);
}

const STORY_FIELDS = [
  's.id',
  's.uid',
  's.title',
  's.content',
  's.created_at',
  's.updated_at',
  's.publishedAt',
  's.promptDay',
  's.contentWarnings',
  's.contentWarningNote',
  's.tagNames',
] as const;

/** What a sent Note depends on besides its text (which moves `updated_at`): a change here sends an Update. */
const signatureOf = sql<string>`cast("s"."updated_at" as text) || '|' || cast("s"."contentWarnings" as text) || '|' || coalesce("s"."contentWarningNote", '') || '|' || "s"."tagNames" || '|' || "s"."title"`;

export function federatableStory(db: Db, storyId: string): Promise<FederatedStory | undefined> {
  return federatableStories(db).select(STORY_FIELDS).where('s.id', '=', storyId).executeTakeFirst();
}

/** A writer's federatable stories, newest first, for their outbox. */
export function outboxStories(db: Db, uid: string, limit: number, before: number | null) {
  let query = federatableStories(db).select([...STORY_FIELDS, 's.seq']).where('s.uid', '=', uid);
  if (before !== null) query = query.where('s.seq', '<', before);
  return query.orderBy('s.seq', 'desc').limit(limit).execute();
}

export async function countOutboxStories(db: Db, uid: string): Promise<number> {
  const row = await federatableStories(db).select((eb) => eb.fn.countAll<number | string>().as('n')).where('s.uid', '=', uid).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which stories a pass of the story sync looks at: some writers', recently changed ones, or all. */
export interface SyncScope {
  uids?: readonly string[];
  updatedSince?: string;
}

/** Stories to send: federatable and never sent, deleted since, or changed since they were sent. */
export function storiesToSend(db: Db, limit: number, scope: SyncScope = {}) {
  let query = federatableStories(db);
  if (scope.uids) query = query.where('s.uid', 'in', scope.uids.length ? scope.uids : ['']);
  if (scope.updatedSince) query = query.where('s.updated_at', '>=', scope.updatedSince);
  return query
    .leftJoin('federatedStories as f', 'f.storyId', 's.id')
    .select([...STORY_FIELDS, 'f.signature as sentSignature', 'f.storyId as sentStoryId', signatureOf.as('signature')])
    .where((eb) => eb.or([eb('f.storyId', 'is', null), eb('f.signature', 'is', null), eb('f.signature', '<>', signatureOf)]))
    .orderBy('s.seq')
    .limit(limit)
    .execute();
}

/** Stories that went out and may no longer be seen (private, deleted, removed, author gone). */
export function storiesToWithdraw(db: Db, limit: number, scope: SyncScope = {}) {
  let query = db.selectFrom('federatedStories as f');
  if (scope.uids) query = query.where('f.uid', 'in', scope.uids.length ? scope.uids : ['']);
  return query
    .select(['f.storyId', 'f.uid', 'f.signature'])
    .where('f.signature', 'is not', null)
    .where('f.storyId', 'not in', federatableStories(db).select('s.id'))
    .limit(limit)
    .execute();
}

/**
 * Claims sending a story's new state: true for exactly one caller among instances racing on it
 * (the row is inserted, or moved from the signature the caller read).
 */
export async function claimStorySend(db: Db, storyId: string, uid: string, from: string | null, seen: boolean, to: string | null): Promise<boolean> {
  const sentAt = new Date().toISOString();
  if (!seen) {
    const inserted = await db
      .insertInto('federatedStories')
      .values({ storyId, uid, signature: to, sentAt })
      .onConflict((oc) => oc.column('storyId').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('federatedStories')
    .set({ signature: to, sentAt })
    .where('storyId', '=', storyId)
    .where((eb) => (from === null ? eb('signature', 'is', null) : eb('signature', '=', from)))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export function followersOf(db: Db, uid: string) {
  return db
    .selectFrom('remoteFollowers as f')
    .innerJoin('remoteActors as a', 'a.uri', 'f.actorUri')
    .select(['a.uri', 'a.inbox', 'a.sharedInbox', 'a.handle', 'a.name', 'a.avatarUrl', 'a.url', 'a.domain', 'f.created_at'])
    .where('f.uid', '=', uid)
    .orderBy('f.created_at')
    .execute();
}

export async function countFollowers(db: Db, uid: string): Promise<number> {
  const row = await db.selectFrom('remoteFollowers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An account on another server as we keep it (its row, less when it was saved). */
export type RemoteActorRow = Omit<Selectable<RemoteActorsTable>, 'updated_at'>;

/** An account's picture as we last heard of it: its address there, and our copy. */
export function knownPicture(db: Db, uri: string) {
  return db.selectFrom('remoteActors').select(['iconUrl', 'avatarUrl']).where('uri', '=', uri).executeTakeFirst();
}

export async function saveRemoteActor(db: Db, actor: RemoteActorRow): Promise<void> {
  const row = { ...actor, updated_at: new Date().toISOString() };
  const { uri: _uri, ...changes } = row;
  await db.insertInto('remoteActors').values(row).onConflict((oc) => oc.column('uri').doUpdateSet(changes)).execute();
}

export async function addRemoteFollower(db: Db, uid: string, actorUri: string, followId: string): Promise<void> {
  await db
    .insertInto('remoteFollowers')
    .values({ uid, actorUri, followId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['uid', 'actorUri']).doUpdateSet({ followId }))
    .execute();
}

export async function removeRemoteFollower(db: Db, uid: string, actorUri: string): Promise<boolean> {
  const gone = await db.deleteFrom('remoteFollowers').where('uid', '=', uid).where('actorUri', '=', actorUri).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** 'block' | 'silence' for a domain or any domain it is under, else null. */
export async function domainPolicy(db: Db, domain: string): Promise<'block' | 'silence' | null> {
  const labels = domain.toLowerCase().split('.');
  const suffixes = labels.map((_, i) => labels.slice(i).join('.'));
  const rows = await db.selectFrom('fedDomains').select('mode').where('domain', 'in', suffixes).execute();
  if (rows.some((r) => r.mode === 'block')) return 'block';
  return rows.length > 0 ? 'silence' : null;
}

/** A writer's key pairs as stored (JWK JSON). */
export async function keysOf(db: Db, uid: string) {
  return db.selectFrom('fedKeys').select(['kind', 'publicKey', 'privateKey']).where('uid', '=', uid).execute();
}

export async function saveKeys(db: Db, uid: string, keys: { kind: string; publicKey: string; privateKey: string }[]): Promise<void> {
  const created_at = new Date().toISOString();
  await db
    .insertInto('fedKeys')
    .values(keys.map((k) => ({ uid, ...k, created_at })))
    .onConflict((oc) => oc.columns(['uid', 'kind']).doNothing())
    .execute();
}

export async function localCounts(db: Db, since: { halfYear: string; month: string }) {
  const users = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('lastActive', '>=', since.halfYear).then(1).else(0).end()).as('halfYear'),
      eb.fn.sum<number | string | null>(eb.case().when('lastActive', '>=', since.month).then(1).else(0).end()).as('month'),
    ])
    .where('deletedAt', 'is', null)
    .where('awaitingApprovalSince', 'is', null)
    .executeTakeFirstOrThrow();
  const posts = await db.selectFrom('stories').select((eb) => eb.fn.countAll<number | string>().as('n')).where('public', '=', 1).executeTakeFirstOrThrow();
  return { total: Number(users.total), halfYear: Number(users.halfYear ?? 0), month: Number(users.month ?? 0), posts: Number(posts.n) };
}

/** A follow between a member here and an account there, with what a message to that account needs. */
export function followWithInbox(db: Db, table: 'remoteFollowers' | 'remoteFollowing', uid: string, actorUri: string) {
  return db
    // Both tables have the columns read here (uid, actorUri, followId).
    .selectFrom(`${table} as f` as 'remoteFollowers as f')
    .innerJoin('remoteActors as a', 'a.uri', 'f.actorUri')
    .select(['f.followId', 'a.uri', 'a.inbox', 'a.sharedInbox'])
    .where('f.uid', '=', uid)
    .where('f.actorUri', '=', actorUri)
    .executeTakeFirst();
}

/** What an actor's Update depends on: a change here is sent to the writer's followers. */
const actorSignatureOf = sql<string>`"u"."handle" || '|' || coalesce("u"."displayName", '') || '|' || "u"."bio" || '|' || "u"."aboutMe" || '|' || coalesce("u"."profileImage", '')`;

/** Writers with followers elsewhere whose profile changed since their followers last heard. */
export function actorsToUpdate(db: Db, limit: number, uids?: readonly string[]) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('federatedActors as f', 'f.uid', 'u.uid')
    .select(['u.uid', 'f.signature as sentSignature', actorSignatureOf.as('signature')])
    .where('u.federate', '=', 1)
    .where('u.deletedAt', 'is', null)
    .where('u.suspendedAt', 'is', null)
    .where('u.deactivatedAt', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('remoteFollowers as r').select('r.uid').whereRef('r.uid', '=', 'u.uid')))
    .where((eb) => eb.or([eb('f.uid', 'is', null), eb('f.signature', '<>', actorSignatureOf)]));
  if (uids) query = query.where('u.uid', 'in', uids.length ? uids : ['']);
  return query.limit(limit).execute();
}

/** Claims sending a profile's new state (one caller wins among instances); the first claim only records it. */
export async function claimActorSend(db: Db, uid: string, from: string | null, to: string): Promise<boolean> {
  const sentAt = new Date().toISOString();
  if (from === null) {
    const inserted = await db.insertInto('federatedActors').values({ uid, signature: to, sentAt }).onConflict((oc) => oc.column('uid').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db.updateTable('federatedActors').set({ signature: to, sentAt }).where('uid', '=', uid).where('signature', '=', from).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function isKnownActor(db: Db, uri: URL): Promise<boolean> {
  return (await db.selectFrom('remoteActors').select('uri').where('uri', '=', uri.href).executeTakeFirst()) !== undefined;
}

/** When a writer gains a follower elsewhere: their profile as the follower fetched it, so a later change is sent. */
export async function recordActorAsSeen(db: Db, uid: string): Promise<void> {
  const [row] = await actorsToUpdate(db, 1, [uid]);
  if (row && row.sentSignature === null) await claimActorSend(db, uid, null, row.signature);
}

/** The accounts on other servers a writer blocked, newest first. */
export function blockedAccounts(db: Db, uid: string) {
  return db
    .selectFrom('remoteBlocks as b')
    .innerJoin('remoteActors as a', 'a.uri', 'b.actorUri')
    .select(['a.uri', 'a.handle', 'a.name', 'a.url', 'a.avatarUrl', 'a.domain', 'b.created_at'])
    .where('b.uid', '=', uid)
    .orderBy('b.created_at', 'desc')
    .execute();
}

/** Whether a writer blocked an account on another server. */
export async function writerBlocks(db: Db, uid: string, actorUri: string): Promise<boolean> {
  const row = await db.selectFrom('remoteBlocks').select('uid').where('uid', '=', uid).where('actorUri', '=', actorUri).executeTakeFirst();
  return row !== undefined;
}

export async function addWriterBlock(db: Db, uid: string, actorUri: string): Promise<void> {
  await db.insertInto('remoteBlocks').values({ uid, actorUri, created_at: new Date().toISOString() }).onConflict((oc) => oc.columns(['uid', 'actorUri']).doNothing()).execute();
}

export async function removeWriterBlock(db: Db, uid: string, actorUri: string): Promise<boolean> {
  const gone = await db.deleteFrom('remoteBlocks').where('uid', '=', uid).where('actorUri', '=', actorUri).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** A story's writer and what they chose for replies from other servers. */
export function storyWriterReplies(db: Db, storyId: string) {
  return db.selectFrom('stories').innerJoin('users', 'users.uid', 'stories.uid').select(['users.uid', 'users.fediverseReplies']).where('stories.id', '=', storyId).executeTakeFirst();
}

/** An account on another server we know, by its actor URI. */
export function knownActor(db: Db, uri: string) {
  return db.selectFrom('remoteActors').select(['uri', 'handle']).where('uri', '=', uri).executeTakeFirst();
}

function sentReply(db: Db) {
  return db
    .selectFrom('sentReplies as r')
    .innerJoin('remoteActors as a', 'a.uri', 'r.actorUri')
    .select(['r.id', 'r.uid', 'r.inReplyTo', 'r.text', 'r.created_at', 'r.actorUri', 'a.handle', 'a.url']);
}

export function findSentReply(db: Db, id: string): Promise<SentReply | undefined> {
  return sentReply(db).where('r.id', '=', id).executeTakeFirst();
}

/** A post a member may answer: one from a writer they follow (only such posts reach them). */
export function answerablePost(db: Db, uid: string, uri: string) {
  return db
    .selectFrom('remoteStories as s')
    .innerJoin('remoteFollowing as f', (join) => join.onRef('f.actorUri', '=', 's.actorUri').on('f.uid', '=', uid).on('f.state', '=', 'accepted'))
    .innerJoin('remoteActors as a', 'a.uri', 's.actorUri')
    .select(['s.uri', 'a.uri as actorUri', 'a.inbox', 'a.sharedInbox'])
    .where('s.uri', '=', uri)
    .executeTakeFirst();
}

export async function saveSentReply(db: Db, reply: Insertable<SentRepliesTable>): Promise<void> {
  await db.insertInto('sentReplies').values(reply).execute();
}

/** A member's replies to these posts, oldest first, by post. */
export async function repliesTo(db: Db, uid: string, posts: readonly string[]): Promise<Map<string, { id: string; text: string; createdAt: string }[]>> {
  const byPost = new Map<string, { id: string; text: string; createdAt: string }[]>();
  if (posts.length === 0) return byPost;
  const rows = await db.selectFrom('sentReplies').select(['id', 'inReplyTo', 'text', 'created_at']).where('uid', '=', uid).where('inReplyTo', 'in', posts).orderBy('created_at').execute();
  for (const row of rows) byPost.set(row.inReplyTo, [...(byPost.get(row.inReplyTo) ?? []), { id: row.id, text: row.text, createdAt: row.created_at }]);
  return byPost;
}

/** Their server accepted a member's follow: only the followed account may, and only that follow. */
export async function acceptFollowOf(db: Db, followId: URL, from: URL): Promise<void> {
  await db.updateTable('remoteFollowing').set({ state: 'accepted' }).where('followId', '=', followId.href).where('actorUri', '=', from.href).execute();
}

export async function rejectFollowOf(db: Db, followId: URL, from: URL): Promise<void> {
  await db.deleteFrom('remoteFollowing').where('followId', '=', followId.href).where('actorUri', '=', from.href).execute();
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

/** A member here follows the account, accepted (any one of them). */
export function acceptedFollowOf(db: Db, actorUri: string) {
  return db.selectFrom('remoteFollowing').select('uid').where('actorUri', '=', actorUri).where('state', '=', 'accepted').executeTakeFirst();
}

/** Stores the post, or its edit: an edit only from the account that posted it. */
export async function upsertRemoteStory(db: Db, row: Insertable<RemoteStoriesTable>): Promise<void> {
  const { uri: _uri, actorUri: _actor, ...changes } = row;
  await db
    .insertInto('remoteStories')
    .values(row)
    .onConflict((oc) => oc.column('uri').doUpdateSet(changes).where('remoteStories.actorUri', '=', row.actorUri))
    .execute();
}

/** A delivery that failed, for the admin's health table. */
export function insertFailure(db: Db, row: Insertable<FedFailuresTable>) {
  return db.insertInto('fedFailures').values(row).execute();
}

/** The writer's federation settings and handle, as stored. */
export function federationSettingsOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['handle', 'federate', 'fediverseReplies']).where('uid', '=', uid).executeTakeFirstOrThrow();
}

/** Writes the settings given (those left out keep their value). */
export async function setFederationSettings(db: Db, uid: string, update: { federate?: boolean; replies?: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(update.federate !== undefined ? { federate: update.federate ? 1 : 0 } : {}),
      ...(update.replies !== undefined ? { fediverseReplies: update.replies } : {}),
    })
    .where('uid', '=', uid)
    .execute();
}

export async function deleteRemoteFollowing(db: Db, uid: string, actorUri: string): Promise<void> {
  await db.deleteFrom('remoteFollowing').where('uid', '=', uid).where('actorUri', '=', actorUri).execute();
}

/** The accounts elsewhere the writer follows (or asked to), newest first. */
export function followingOf(db: Db, uid: string) {
  return db
    .selectFrom('remoteFollowing as f')
    .innerJoin('remoteActors as a', 'a.uri', 'f.actorUri')
    .select(['a.uri', 'a.handle', 'a.name', 'a.url', 'a.avatarUrl', 'a.domain', 'f.state', 'f.created_at'])
    .where('f.uid', '=', uid)
    .orderBy('f.created_at', 'desc')
    .execute();
}

/** A pending follow of the account, unless the writer follows (or asked to follow) it already. */
export async function insertPendingFollow(db: Db, uid: string, actorUri: string, followId: string, createdAt: string): Promise<void> {
  await db
    .insertInto('remoteFollowing')
    .values({ uid, actorUri, followId, state: 'pending', created_at: createdAt })
    .onConflict((oc) => oc.columns(['uid', 'actorUri']).doNothing())
    .execute();
}

/** The writer's follow of the account, as stored. */
export function followOf(db: Db, uid: string, actorUri: string) {
  return db.selectFrom('remoteFollowing').select(['followId', 'state']).where('uid', '=', uid).where('actorUri', '=', actorUri).executeTakeFirstOrThrow();
}

/** The newest posts of the accounts the writer follows (accepted follows), with their authors. */
export function followedRemoteStories(db: Db, uid: string, limit: number) {
  return db
    .selectFrom('remoteStories as s')
    .innerJoin('remoteFollowing as f', (join) => join.onRef('f.actorUri', '=', 's.actorUri').on('f.uid', '=', uid).on('f.state', '=', 'accepted'))
    .innerJoin('remoteActors as a', 'a.uri', 's.actorUri')
    .select(['s.uri', 's.url', 's.summary', 's.sensitive', 's.content', 's.published', 'a.uri as actorUri', 'a.handle', 'a.name', 'a.url as actorUrl', 'a.avatarUrl', 'a.domain'])
    .orderBy('s.published', 'desc')
    .limit(limit)
    .execute();
}

/** Every domain rule, by domain. */
export function domainRules(db: Db) {
  return db.selectFrom('fedDomains').select(['domain', 'mode', 'created_at']).orderBy('domain').execute();
}

/** Failed deliveries since `since`, counted per domain with the latest time, most first. */
export function failuresByDomainSince(db: Db, since: string, limit: number) {
  return db
    .selectFrom('fedFailures')
    .select((eb) => ['domain', eb.fn.countAll<number | string>().as('count'), eb.fn.max('failedAt').as('lastAt')])
    .where('failedAt', '>=', since)
    .groupBy('domain')
    .orderBy('count', 'desc')
    .limit(limit)
    .execute();
}

/** The failures at these times, with their errors. */
export function failuresAt(db: Db, times: string[]) {
  return db
    .selectFrom('fedFailures')
    .select(['domain', 'error', 'failedAt'])
    .where('failedAt', 'in', times)
    .execute();
}

/** How many followers elsewhere all writers here have. */
export async function countAllRemoteFollowers(db: Db): Promise<number> {
  const followers = await db.selectFrom('remoteFollowers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(followers.n);
}

/** Blocks or silences the domain (a rule there already takes the new mode). */
export async function upsertDomainRule(db: Db, domain: string, mode: 'block' | 'silence', createdAt: string): Promise<void> {
  await db
    .insertInto('fedDomains')
    .values({ domain, mode, created_at: createdAt })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ mode }))
    .execute();
}

/** Lifts the domain's rule; how many rows went (0 or 1). */
export async function deleteDomainRule(db: Db, domain: string): Promise<number> {
  const gone = await db.deleteFrom('fedDomains').where('domain', '=', domain).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The accounts on the domain and every domain under it, as a LIKE-free filter on the `domain` column's text. */
function actorsUnder(db: Db, domain: string) {
  const exact = domain;
  const suffix = `.${domain}`;
  return db
    .selectFrom('remoteActors')
    .select('uri')
    .where((eb) => eb.or([eb('domain', '=', exact), eb(eb.fn('substr', ['domain', eb.val(-suffix.length)]), '=', suffix)]));
}

/** The followers on the domain (and under it), the follows of accounts there and their posts go. */
export async function forgetActorsUnder(db: Db, domain: string): Promise<void> {
  const actors = actorsUnder(db, domain);
  await db.deleteFrom('remoteFollowers').where('actorUri', 'in', actors).execute();
  await db.deleteFrom('remoteFollowing').where('actorUri', 'in', actors).execute();
  await db.deleteFrom('remoteStories').where('actorUri', 'in', actors).execute();
}

/** The accounts known on the domain and every domain under it. */
export async function actorUrisUnder(db: Db, domain: string): Promise<string[]> {
  return (await actorsUnder(db, domain).execute()).map((a) => a.uri);
}

/**
 * Deletes the followers elsewhere of deleted accounts (of those among `uids`, when given) and
 * returns them: taken away as they are read, so of two instances only one has them.
 */
export function takeFollowersOfDeleted(db: Db, uids: readonly string[] | undefined) {
  let gone = db.selectFrom('users').select('uid').where('deletedAt', 'is not', null);
  if (uids) gone = gone.where('uid', 'in', uids.length ? uids : ['']);
  return db
    .deleteFrom('remoteFollowers')
    .where('uid', 'in', gone)
    .returning(['uid', 'actorUri'])
    .execute();
}

/** Where to deliver to these accounts. */
export function inboxesOf(db: Db, actorUris: readonly string[]) {
  return db.selectFrom('remoteActors').select(['uri', 'inbox', 'sharedInbox']).where('uri', 'in', actorUris).execute();
}
