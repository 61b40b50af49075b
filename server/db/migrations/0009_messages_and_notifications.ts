import { sql, type Kysely } from 'kysely';

/**
 * Direct messages, notifications and presence:
 * - users: who may message them, read receipts and typing switches, notification and email
 *   preferences (JSON; absent keys take the defaults in common/notifications/notifications.ts);
 * - conversations: a direct conversation's pair (unique, so two writers have one), its
 *   request state and who started it (the daily cap on new conversations counts these);
 * - participants: when each last read, for "Seen";
 * - messages: edited and deleted-for-everyone times; hides for "delete for me";
 * - notifications: addressed to a uid (or 'admin' as before), grouped by `groupKey`, ordered
 *   by `updated_at` (a group moves up when someone joins); their actors one row each;
 * - pendingEmails: a notification email waiting for its 2-minute check; notificationEmails:
 *   when each type was last emailed to each person (one per type per 15 minutes);
 * - liveStreams: each open live stream, on any instance, with what its tab is looking at: a
 *   writer with a current row is online (no email), and one watching a story is not notified
 *   about it; each instance renews its rows while they are open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('whoCanMessage', 'text', (c) => c.notNull().defaultTo('friends')).execute();
  await db.schema.alterTable('users').addColumn('readReceipts', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('typingIndicator', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('notificationPrefs', 'text').execute();

  await db.schema.alterTable('conversations').addColumn('pairKey', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('status', 'text', (c) => c.notNull().defaultTo('accepted')).execute();
  await db.schema.alterTable('conversations').addColumn('createdBy', 'text').execute();
  await db.schema.createIndex('conversations_pair').unique().on('conversations').column('pairKey').execute();
  await db.schema.createIndex('conversations_createdBy').on('conversations').columns(['createdBy', 'created_at']).execute();

  await db.schema.alterTable('conversationParticipants').addColumn('lastReadAt', 'text').execute();

  await db.schema.alterTable('conversationMessages').addColumn('editedAt', 'text').execute();
  await db.schema.alterTable('conversationMessages').addColumn('deletedAt', 'text').execute();
  await db.schema.createIndex('conversationMessages_from').on('conversationMessages').columns(['from', 'created_at']).execute();

  await db.schema
    .createTable('conversationMessageHides')
    .addColumn('messageId', 'text', (c) => c.notNull().references('conversationMessages.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversationMessageHides_pk', ['messageId', 'uid'])
    .execute();

  await db.schema.alterTable('notifications').addColumn('groupKey', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('updated_at', 'text').execute();
  await (db as Kysely<{ notifications: { updated_at: string | null; created_at: string } }>)
    .updateTable('notifications')
    .set({ updated_at: sql<string>`created_at` })
    .execute();
  await db.schema.createIndex('notifications_to_updated').on('notifications').columns(['to', 'updated_at', 'id']).execute();
  await db.schema.createIndex('notifications_to_group').on('notifications').columns(['to', 'groupKey']).execute();

  await db.schema
    .createTable('notificationActors')
    .addColumn('notificationId', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('actorUid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notificationActors_pk', ['notificationId', 'actorUid'])
    .execute();

  await db.schema
    .createTable('pendingEmails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // The notification (or, for a message, the conversation) whose read state decides.
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('dueAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pendingEmails_due').on('pendingEmails').column('dueAt').execute();

  await db.schema
    .createTable('notificationEmails')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('lastSentAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notificationEmails_pk', ['uid', 'type'])
    .execute();

  await db.schema
    .createTable('liveStreams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instanceId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    // 'story:<id>', 'community', 'profile:<uid>' or null.
    .addColumn('watching', 'text')
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('liveStreams_uid').on('liveStreams').columns(['uid', 'until']).execute();
  await db.schema.createIndex('liveStreams_instance').on('liveStreams').column('instanceId').execute();
}
