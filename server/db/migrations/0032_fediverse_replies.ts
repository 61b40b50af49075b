import { sql, type Kysely } from 'kysely';

/**
 * Replies from other servers, and writers' blocks of accounts there
 * (docs/decisions/0066-fediverse-replies.md):
 * - remoteReplies: a post elsewhere `inReplyTo` one of our stories, as plain text (never its HTML).
 *   `id` is ours, so a reply goes through the comment routes by the same kind of id as a comment;
 *   `uri` is the post's own id, by which its server edits or deletes it. `held` until the story's
 *   writer approves it when they chose "hold for my approval" (a held reply is not counted).
 * - remoteBlocks: a writer's block of an account on another server: its follows are refused,
 *   its replies, likes and boosts of their stories are not taken.
 * - sentReplies: a member's replies to posts from other servers (served as Notes, so their
 *   ids resolve); `actorUri` is the account replied to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remoteReplies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(sql.lit(0)))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remoteReplies_story').on('remoteReplies').columns(['storyId', 'created_at']).execute();
  await db.schema.createIndex('remoteReplies_actor').on('remoteReplies').column('actorUri').execute();

  await db.schema
    .createTable('remoteBlocks')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remoteBlocks_pk', ['uid', 'actorUri'])
    .execute();

  await db.schema
    .createTable('sentReplies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('inReplyTo', 'text', (c) => c.notNull())
    .addColumn('actorUri', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sentReplies_uid').on('sentReplies').columns(['uid', 'inReplyTo']).execute();
}
