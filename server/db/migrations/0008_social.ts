import { sql, type Kysely } from 'kysely';

/**
 * The social graph:
 * - follows: one relation, follower → followee; friends are mutual follows (no friend table);
 * - followRequests: when the followee approves new followers, a follow waits here until accepted;
 * - blocks (symmetric in effect, one-sided in who can undo) and mutes (private, optionally until a time);
 * - followersCount / followingCount on users, changed in the same transaction as the rows;
 * - approveFollowers on users; feedMarkers keep each reader's position in /feed;
 * - stories.publishedAt: when a story last became public (created public, or made public), the
 *   feed's order; indexed per author for the feed's join strategy and globally for its scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('followerUid', 'text', (c) => c.notNull())
    .addColumn('followeeUid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['followerUid', 'followeeUid'])
    .execute();
  await db.schema.createIndex('follows_followee').on('follows').columns(['followeeUid', 'created_at']).execute();
  await db.schema.createIndex('follows_follower_created').on('follows').columns(['followerUid', 'created_at']).execute();

  await db.schema
    .createTable('followRequests')
    .addColumn('requesterUid', 'text', (c) => c.notNull())
    .addColumn('targetUid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('followRequests_pk', ['requesterUid', 'targetUid'])
    .execute();
  await db.schema.createIndex('followRequests_target').on('followRequests').columns(['targetUid', 'created_at']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blockerUid', 'text', (c) => c.notNull())
    .addColumn('blockedUid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blockerUid', 'blockedUid'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blockedUid', 'blockerUid']).execute();

  await db.schema
    .createTable('mutes')
    .addColumn('muterUid', 'text', (c) => c.notNull())
    .addColumn('mutedUid', 'text', (c) => c.notNull())
    // ISO time the mute ends; null mutes forever.
    .addColumn('until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muterUid', 'mutedUid'])
    .execute();

  await db.schema
    .createTable('feedMarkers')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('publishedAt', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('followersCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('followingCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('approveFollowers', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('stories').addColumn('publishedAt', 'text').execute();
  await (db as Kysely<{ stories: { publishedAt: string | null; madePublicAt: string | null; created_at: string; public: number } }>)
    .updateTable('stories')
    .set((eb) => ({ publishedAt: eb.fn.coalesce('madePublicAt', 'created_at') }))
    .where('public', '=', 1)
    .execute();
  await db.schema.createIndex('stories_author_published').on('stories').columns(['uid', 'publishedAt', 'id']).where(sql.ref('public'), '=', 1).execute();
  await db.schema.createIndex('stories_published').on('stories').columns(['publishedAt', 'id']).where(sql.ref('public'), '=', 1).execute();
}
