import type { Kysely } from 'kysely';

/**
 * Anthologies (docs/decisions/0075-anthologies.md):
 * - anthologies: a member's themed collection (`uid` opened it and names the co-editors);
 *   `lastAddedAt` orders the directory, most recently added to first.
 * - anthologyEditors: its co-editors (the opener is not a row here).
 * - anthologyStories: a story in it, `accepted` or `pending` (waiting for the editors);
 *   `position` is the editors' order (0, 1, 2… over the accepted ones, kept under the anthology
 *   row's lock), `addedAt` the newest-first order.
 * - anthologyFollows: who follows it (its new stories reach their weekly digest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anthologies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('submissions', 'text', (c) => c.notNull())
    .addColumn('storyOrder', 'text', (c) => c.notNull())
    .addColumn('lastAddedAt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('anthologies_uid').on('anthologies').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('anthologies_lastAdded').on('anthologies').columns(['lastAddedAt', 'id']).execute();

  await db.schema
    .createTable('anthologyEditors')
    .addColumn('anthologyId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('anthologyEditors_pk', ['anthologyId', 'uid'])
    .execute();
  await db.schema.createIndex('anthologyEditors_uid').on('anthologyEditors').column('uid').execute();

  await db.schema
    .createTable('anthologyStories')
    .addColumn('anthologyId', 'text', (c) => c.notNull())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('addedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('anthologyStories_pk', ['anthologyId', 'storyId'])
    .execute();
  await db.schema.createIndex('anthologyStories_story').on('anthologyStories').column('storyId').execute();
  await db.schema.createIndex('anthologyStories_added').on('anthologyStories').columns(['anthologyId', 'status', 'addedAt']).execute();

  await db.schema
    .createTable('anthologyFollows')
    .addColumn('anthologyId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('anthologyFollows_pk', ['anthologyId', 'uid'])
    .execute();
  await db.schema.createIndex('anthologyFollows_uid').on('anthologyFollows').column('uid').execute();
}
