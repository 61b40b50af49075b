import type { Kysely } from 'kysely';

/**
 * Series (docs/decisions/0070-series.md):
 * - series: a writer's named, described run of their own stories;
 * - seriesStories: which story is which part. The story is the primary key, so a story is in at
 *   most one series whatever races; `position` orders the parts (0, 1, 2… kept a clean sequence
 *   by every change under the series row's lock). A reader's part numbers are counted over
 *   the parts they may read, never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A writer's series, newest first (their profile, "Add to series"), and counting them at the limit.
  await db.schema.createIndex('series_uid_created').on('series').columns(['uid', 'created_at']).execute();

  await db.schema
    .createTable('seriesStories')
    .addColumn('storyId', 'text', (c) => c.primaryKey())
    .addColumn('seriesId', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A series' parts in order; unique, so two parts never share a place.
  await db.schema.createIndex('seriesStories_series_position').on('seriesStories').columns(['seriesId', 'position']).unique().execute();
}
