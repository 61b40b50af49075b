import type { Kysely } from 'kysely';

/**
 * Web Push (server/features/push):
 * - pushSubscriptions: one row per device a writer subscribed in Settings: the push service's
 *   endpoint (unique: a browser re-subscribing replaces its row) and the keys its payloads are
 *   encrypted with; `label` is the browser and system it was made on, for the list in Settings.
 * - notificationPushes: when a type was last pushed to someone (at most one per type per 15
 *   minutes), as notificationEmails is for email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pushSubscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pushSubscriptions_uid').on('pushSubscriptions').column('uid').execute();
  await db.schema
    .createTable('notificationPushes')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('lastSentAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notificationPushes_pk', ['uid', 'type'])
    .execute();
}
