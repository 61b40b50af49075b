import type { Kysely } from 'kysely';
import { withLogColumns, withSerialId } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('lastActive', 'text', (c) => c.notNull())
    .addColumn('profileIcon', 'text', (c) => c.notNull().defaultTo('User'))
    .addColumn('colorTheme', 'text', (c) => c.notNull().defaultTo('blue'))
    .addColumn('themeMode', 'text')
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('profileImage', 'text')
    .addColumn('displayName', 'text')
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bestStreak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dailyGoal', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('aboutMe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pronouns', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bluesky', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('xcom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reddit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('darkMode', 'integer')
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  await withLogColumns(db.schema.createTable('systemLogs')).execute();
  await withLogColumns(db.schema.createTable('activityLogs')).addColumn('userId', 'text').execute();
  await db.schema.createIndex('systemLogs_timestamp').on('systemLogs').column('timestamp').execute();
  await db.schema.createIndex('activityLogs_user').on('activityLogs').columns(['userId', 'timestamp']).execute();
  await db.schema
    .createTable('adminLogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('details', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('liveEvents'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('liveEvents_topic_id').on('liveEvents').columns(['topic', 'id']).execute();

  await db.schema
    .createTable('rateLimits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('resetAt', 'bigint', (c) => c.notNull())
    .execute();
}
