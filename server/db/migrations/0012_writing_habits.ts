import { sql, type Kysely } from 'kysely';

/**
 * What makes writers come back:
 * - users.streakFreezes: freezes held (0–2), kept beside `streak` and `bestStreak`, which the
 *   replay of the writing days (common/streaks/streak.ts replayStreak) recomputes on every save;
 * - users.reminderAt: the next instant (UTC ISO) the 20:00-local streak reminder is due, or
 *   null while the reminder is off; the maintenance tick reads it through an index, so the
 *   server never has to work out everyone's local time in SQL;
 * - stories.promptDay: the UTC day whose daily prompt the story answers (its prompt page),
 *   null for a story without one or with a prompt of the writer's own choosing;
 * - storyVersions: the text as it was before each save of an existing story (owner only);
 * - userBadges: one row per earned badge (primary key: earned once, whatever the races);
 * - challenges: a writer's "N words in D days".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('streakFreezes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('reminderAt', 'text').execute();
  await db.schema.createIndex('users_reminderAt').on('users').columns(['reminderAt', 'uid']).where(sql.ref('reminderAt'), 'is not', null).execute();

  await db.schema.alterTable('stories').addColumn('promptDay', 'text').execute();
  // A prompt page's stories, newest first; the community's "perfect drabbles" filter (exactly 100 words).
  await db.schema.createIndex('stories_promptDay_seq').on('stories').columns(['promptDay', 'public', 'seq']).where(sql.ref('promptDay'), 'is not', null).execute();
  await db.schema.createIndex('stories_public_words_seq').on('stories').columns(['public', 'wordCount', 'seq']).execute();
  await db.schema.createIndex('stories_public_words_likes').on('stories').columns(['public', 'wordCount', 'likesCount', 'seq']).execute();

  await db.schema
    .createTable('storyVersions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('wordCount', 'integer', (c) => c.notNull())
    .addColumn('promptGenre', 'text')
    .addColumn('promptTheme', 'text')
    .addColumn('promptTwist', 'text')
    /** When this text was saved (the story's updated_at then). */
    .addColumn('savedAt', 'text', (c) => c.notNull())
    /** When it was replaced and kept here. */
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storyVersions_story').on('storyVersions').columns(['storyId', 'created_at', 'id']).execute();

  await db.schema
    .createTable('userBadges')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('badge', 'text', (c) => c.notNull())
    .addColumn('earnedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('userBadges_pk', ['uid', 'badge'])
    .execute();

  await db.schema
    .createTable('challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('words', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    /** The writer's local day it began on, and its last day (inclusive). */
    .addColumn('startDay', 'text', (c) => c.notNull())
    .addColumn('endDay', 'text', (c) => c.notNull())
    /** Set when the writer gives it up; a finished or lapsed one is worked out from the days. */
    .addColumn('abandonedAt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('challenges_uid').on('challenges').columns(['uid', 'created_at', 'id']).execute();
}
