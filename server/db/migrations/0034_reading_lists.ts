import { sql, type Kysely } from 'kysely';

/**
 * Reading lists (docs/decisions/0071-reading-lists.md):
 * - readingLists: a reader's lists; `readLater` = 1 marks the one Read later each reader has
 *   (made on first use; the partial unique index keeps it one, whatever races);
 * - readingListEntries: a story in a list, with the reader's note ('' for none). Nothing is
 *   copied from the story: the list shows what the viewer may read now (readableBy), so a story
 *   made private or hidden leaves it quietly and comes back when it is readable again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('readingLists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('readLater', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A reader's lists, newest first.
  await db.schema.createIndex('readingLists_uid').on('readingLists').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('readingLists_read_later').on('readingLists').column('uid').unique().where(sql.ref('readLater'), '=', 1).execute();

  await db.schema
    .createTable('readingListEntries')
    .addColumn('listId', 'text', (c) => c.notNull())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('readingListEntries_pk', ['listId', 'storyId'])
    .execute();
  // A list's page, most recently added first (keyset on created_at, storyId).
  await db.schema.createIndex('readingListEntries_list_added').on('readingListEntries').columns(['listId', 'created_at', 'storyId']).execute();
  // A deleted story leaves every list (owned-rows.ts STORY_ROWS).
  await db.schema.createIndex('readingListEntries_story').on('readingListEntries').columns(['storyId']).execute();
}
