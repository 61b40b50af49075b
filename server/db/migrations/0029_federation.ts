import { sql, type Kysely } from 'kysely';
import { withSerialId } from './helpers';

/**
 * ActivityPub federation through Fedify (docs/decisions/0065-federation-on-fedify.md):
 * - fedKv / fedQueue: Fedify's key–value store and message queue, in our own database so there is
 *   one driver, one backup and one place several instances share. A queued message is claimed by
 *   one instance at a time (`claimedBy` until `claimedUntil`) and deleted once handled.
 * - fedKeys: each writer's key pairs (RSA for HTTP Signatures, Ed25519 for Object Integrity
 *   Proofs), made once, as JWK JSON; backups carry them, so a restored server keeps its identity.
 * - remoteActors: what we know of accounts on other servers (fetched, refreshed now and then).
 * - remoteFollowers: who on other servers follows a writer here.
 * - remoteFollowing / remoteStories: writers on other servers a member here follows, and the
 *   posts their servers delivered (sanitised).
 * - federatedStories: which stories went out as Notes, and the signature of what was sent, so a
 *   change sends one Update and leaving the public sends one Delete.
 * - remoteReactions: likes and boosts of our stories from other servers (one of each per account).
 * - federatedActors: what a writer's followers elsewhere last heard of their profile (an Update
 *   goes out when the name, bio, picture or handle changes).
 * - fedDomains: the host's domain blocks and silences.
 * - fedFailures: deliveries given up on after the retries, by domain (the admin's health view).
 * - users.federate: "Share my public stories with the fediverse"; users.fediverseReplies:
 *   replies from other servers are shown, held for the writer's approval, or refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fedKv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text')
    .execute();

  await withSerialId(db, db.schema.createTable('fedQueue'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('orderingKey', 'text')
    .addColumn('runAt', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('claimedBy', 'text')
    .addColumn('claimedUntil', 'text')
    .execute();
  await db.schema.createIndex('fedQueue_due').on('fedQueue').column('runAt').execute();
  await db.schema.createIndex('fedQueue_ordering').on('fedQueue').columns(['orderingKey', 'id']).execute();

  await db.schema
    .createTable('fedKeys')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('privateKey', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fedKeys_pk', ['uid', 'kind'])
    .execute();

  await db.schema
    .createTable('remoteActors')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('iconUrl', 'text')
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('sharedInbox', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remoteActors_domain').on('remoteActors').column('domain').execute();

  await db.schema
    .createTable('remoteFollowers')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('followId', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remoteFollowers_pk', ['uid', 'actorUri'])
    .execute();
  await db.schema.createIndex('remoteFollowers_actor').on('remoteFollowers').column('actorUri').execute();

  await db.schema
    .createTable('remoteFollowing')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('followId', 'text', (c) => c.notNull())
    // 'pending' until their server accepts.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remoteFollowing_pk', ['uid', 'actorUri'])
    .execute();
  await db.schema.createIndex('remoteFollowing_actor').on('remoteFollowing').column('actorUri').execute();

  await db.schema
    .createTable('remoteStories')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('summary', 'text')
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(sql.lit(0)))
    // Sanitised to a short allow-list before it is stored (sanitize.ts).
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remoteStories_actor').on('remoteStories').columns(['actorUri', 'published']).execute();

  await db.schema
    .createTable('federatedStories')
    .addColumn('storyId', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    // What was last sent (a Create or Update): null once a Delete went out.
    .addColumn('signature', 'text')
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('federatedStories_uid').on('federatedStories').column('uid').execute();

  await db.schema
    .createTable('remoteReactions')
    .addColumn('activityId', 'text', (c) => c.primaryKey())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    // 'like' | 'announce' (a boost).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remoteReactions_once').on('remoteReactions').columns(['storyId', 'kind', 'actorUri']).unique().execute();

  await db.schema
    .createTable('federatedActors')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fedDomains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('fedFailures'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('activityType', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('failedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fedFailures_domain').on('fedFailures').columns(['domain', 'failedAt']).execute();

  // The story sync's frequent pass looks at stories changed in the last minutes.
  await db.schema.createIndex('stories_updated_at').on('stories').column('updated_at').execute();

  await db.schema.alterTable('users').addColumn('federate', 'integer', (c) => c.notNull().defaultTo(sql.lit(1))).execute();
  await db.schema.alterTable('users').addColumn('fediverseReplies', 'text', (c) => c.notNull().defaultTo('show')).execute();
}
