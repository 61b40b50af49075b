import { sql, type Kysely } from 'kysely';
import { searchDocument } from '../search-document';
import { isPostgres } from './helpers';

/**
 * Stories and what hangs off them: reactions, comments, daily views, favourites, and the
 * writing days behind streaks. Child rows reference `stories.id` with ON DELETE CASCADE;
 * the delete service also removes them explicitly in its transaction.
 *
 * `stories.seq` is an integer key in insertion order: on SQLite it is the rowid (so the
 * FTS5 index can point at it, and rowids never move on VACUUM), and "newest first" is
 * `seq` descending on both databases. `id` is the public, random text id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema.alterTable('users').addColumn('timezone', 'text').execute();

  let stories = db.schema.createTable('stories');
  stories = pg
    ? stories.addColumn('seq', 'bigserial', (c) => c.primaryKey())
    : stories.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
  await stories
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likesCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commentsCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('viewsCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wordCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('madePublicAt', 'text')
    .addColumn('madePrivateAt', 'text')
    .addColumn('promptGenre', 'text')
    .addColumn('promptTheme', 'text')
    .addColumn('promptTwist', 'text')
    .addColumn('authorDisplayName', 'text', (c) => c.notNull())
    .addColumn('authorProfileIcon', 'text', (c) => c.notNull())
    .addColumn('authorProfileColor', 'text', (c) => c.notNull())
    .addColumn('authorProfileImage', 'text')
    .execute();

  // One index per list the API serves, each ending in seq so keyset paging is a range scan.
  const storyIndexes: Array<[string, string[]]> = [
    ['stories_public_seq', ['public', 'seq']], // community, newest
    ['stories_public_likes', ['public', 'likesCount', 'seq']], // community, most liked
    ['stories_public_genre_seq', ['public', 'promptGenre', 'seq']], // community by genre, newest
    ['stories_public_genre_likes', ['public', 'promptGenre', 'likesCount', 'seq']], // by genre, most liked
    ['stories_uid_seq', ['uid', 'seq']], // my stories, all
    ['stories_uid_public_seq', ['uid', 'public', 'seq']], // my stories by visibility; a writer's public stories
  ];
  for (const [name, columns] of storyIndexes) {
    await db.schema.createIndex(name).on('stories').columns(columns).execute();
  }

  await db.schema
    .createTable('storyReactions')
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('storyReactions_pk', ['storyId', 'uid', 'kind'])
    .execute();

  await db.schema
    .createTable('storyComments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storyComments_story_created').on('storyComments').columns(['storyId', 'created_at', 'id']).execute();

  await db.schema
    .createTable('storyViews')
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('viewerUid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('storyViews_pk', ['storyId', 'viewerUid', 'day'])
    .execute();

  await db.schema
    .createTable('userFavorites')
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('userFavorites_pk', ['uid', 'storyId'])
    .execute();
  await db.schema.createIndex('userFavorites_uid_created').on('userFavorites').columns(['uid', 'created_at', 'storyId']).execute();
  await db.schema.createIndex('userFavorites_story').on('userFavorites').column('storyId').execute();

  await db.schema
    .createTable('writingDays')
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('words', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('writingDays_pk', ['uid', 'day'])
    .execute();

  // Full-text search over title and text: the one place the two databases need their own SQL
  // (see server/features/stories/queries/search.ts, which writes the matching queries).
  if (pg) {
    await sql`alter table stories add column "searchVector" tsvector generated always as (${searchDocument({ tagNames: false })}) stored`.execute(db);
    await sql`create index stories_search on stories using gin ("searchVector")`.execute(db);
  } else {
    await sql`create virtual table "storiesFts" using fts5(title, content, content='stories', content_rowid='seq', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    await sql`create trigger stories_fts_insert after insert on stories begin
      insert into "storiesFts"(rowid, title, content) values (new.seq, new.title, new.content);
    end`.execute(db);
    await sql`create trigger stories_fts_delete after delete on stories begin
      insert into "storiesFts"("storiesFts", rowid, title, content) values ('delete', old.seq, old.title, old.content);
    end`.execute(db);
    await sql`create trigger stories_fts_update after update of title, content on stories begin
      insert into "storiesFts"("storiesFts", rowid, title, content) values ('delete', old.seq, old.title, old.content);
      insert into "storiesFts"(rowid, title, content) values (new.seq, new.title, new.content);
    end`.execute(db);
  }
}
