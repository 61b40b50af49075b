import { sql, type Kysely } from 'kysely';
import { isPostgres, withSerialId } from './helpers';
import { searchDocument } from '../search-document';
import { createPostgresTagTriggers, createSqliteTagTriggers, recountAllTags } from '../story-tags';

/**
 * Tags at scale (docs/decisions/0044-tags.md, db/story-tags.ts):
 * - `tags.storyCount`, the tag's stories a guest may read, kept by triggers and filled here once;
 *   `tagCountChanges` holds PostgreSQL's changes to it until their commit (SQLite's triggers
 *   update the tags at once and never write there; the table is on both so the schema is one);
 * - `storyTags.likesCount` and `storyTags.publishedAt`, the story's, kept by a trigger, with the
 *   indexes a tag page by most liked and the feed's followed tags walk;
 * - community search finds stories by their tags' names too: PostgreSQL's generated
 *   `searchVector` is made again with `tagNames` in it (as migration 0019 did), SQLite's
 *   full-text table is made again with a `tagNames` column and rebuilt from the stories.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('storyCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await withSerialId(db, db.schema.createTable('tagCountChanges'))
    .addColumn('tagId', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('storyTags').addColumn('likesCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('storyTags').addColumn('publishedAt', 'text').execute();
  await sql`update "storyTags" set
      "likesCount" = (select s."likesCount" from stories s where s.id = "storyTags"."storyId"),
      "publishedAt" = (select s."publishedAt" from stories s where s.id = "storyTags"."storyId")`.execute(db);
  // A tag page by most liked (keyset on likes, then seq); the feed's followed tags (keyset on publishedAt, then id).
  await db.schema.createIndex('storyTags_tag_likes').on('storyTags').columns(['tagId', 'likesCount', 'storySeq']).execute();
  await db.schema.createIndex('storyTags_tag_published').on('storyTags').columns(['tagId', 'publishedAt', 'storyId']).execute();

  if (isPostgres(db)) {
    await createPostgresTagTriggers(db);
    await recountAllTags(db);
    await sql`alter table stories drop column "searchVector"`.execute(db);
    await sql`alter table stories add column "searchVector" tsvector generated always as (${searchDocument({ tagNames: true })}) stored`.execute(db);
    await sql`create index stories_search on stories using gin ("searchVector")`.execute(db);
    return;
  }
  await createSqliteTagTriggers(db);
  await recountAllTags(db);
  for (const trigger of ['stories_fts_insert', 'stories_fts_delete', 'stories_fts_update']) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table "storiesFts"`.execute(db);
  await sql`create virtual table "storiesFts" using fts5(title, content, "tagNames", content='stories', content_rowid='seq', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  await sql`create trigger stories_fts_insert after insert on stories begin
    insert into "storiesFts"(rowid, title, content, "tagNames") values (new.seq, new.title, new.content, new."tagNames");
  end`.execute(db);
  await sql`create trigger stories_fts_delete after delete on stories begin
    insert into "storiesFts"("storiesFts", rowid, title, content, "tagNames") values ('delete', old.seq, old.title, old.content, old."tagNames");
  end`.execute(db);
  await sql`create trigger stories_fts_update after update of title, content, "tagNames" on stories begin
    insert into "storiesFts"("storiesFts", rowid, title, content, "tagNames") values ('delete', old.seq, old.title, old.content, old."tagNames");
    insert into "storiesFts"(rowid, title, content, "tagNames") values (new.seq, new.title, new.content, new."tagNames");
  end`.execute(db);
  await sql`insert into "storiesFts"("storiesFts") values ('rebuild')`.execute(db);
}
