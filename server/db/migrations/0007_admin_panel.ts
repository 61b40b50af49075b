import type { Kysely } from 'kysely';

/**
 * What the admin dashboard and the notification bell read by (docs/decisions/0012):
 * - stories made public per day: (public, madePublicAt);
 * - writers with words per day: writingDays by (day, uid) (its key starts with uid);
 * - the bell's list, newest first with a keyset on (created_at, id), and its unread count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('stories_public_madePublicAt').on('stories').columns(['public', 'madePublicAt']).execute();
  await db.schema.createIndex('writingDays_day').on('writingDays').columns(['day', 'uid']).execute();
  await db.schema.createIndex('notifications_to_created').on('notifications').columns(['to', 'created_at', 'id']).execute();
}
