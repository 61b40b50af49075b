import { sql, type Kysely } from 'kysely';

/**
 * Tags (docs/decisions/0044-tags.md):
 * - tags: one row per tag, by its key (common/tags/tags.ts tagKey: case-folded, accents removed,
 *   spaces and hyphens one `-`), with the name it was first written with;
 * - storyTags: which stories carry which tag, with the story's `seq` copied in (it never
 *   changes) so a tag page walks (tagId, storySeq) newest first without sorting, and when the
 *   tag was put on (the week's most used tags read (created_at, tagId));
 * - tagFollows: who follows which tag;
 * - stories.tagNames: the story's tags' names as JSON (a list, written with storyTags in one
 *   transaction), so every list shows a card's tags without a second query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('storyTags')
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('tagId', 'text', (c) => c.notNull())
    .addColumn('storySeq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('storyTags_pk', ['storyId', 'tagId'])
    .execute();
  // A tag page, newest first (keyset on storySeq); its count and "most liked" read the same range.
  await db.schema.createIndex('storyTags_tag_seq').on('storyTags').columns(['tagId', 'storySeq']).execute();
  // The tags used most in the last seven days.
  await db.schema.createIndex('storyTags_created').on('storyTags').columns(['created_at', 'tagId']).execute();

  await db.schema
    .createTable('tagFollows')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('tagId', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tagFollows_pk', ['uid', 'tagId'])
    .execute();

  await db.schema.alterTable('stories').addColumn('tagNames', 'text', (c) => c.notNull().defaultTo(sql.lit('[]'))).execute();
}
