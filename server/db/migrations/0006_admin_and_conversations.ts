import type { Kysely } from 'kysely';

/**
 * The admin side and the conversation model that direct messages reuse later:
 * - conversations with one row per participant (`unread` is the spec's `unreadFor`, kept per
 *   person so marking read is one row, and a participant list is a join, not a JSON array);
 *   a feature request has at most one conversation (unique featureRequestId, so two admins
 *   answering at once cannot make two);
 * - conversation messages, oldest first by (created_at, id);
 * - greetings, unique by text + punctuation (the CSV import's match), seeded with a starter list;
 * - indexes the admin dashboard and audit log read by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('featureRequestId', 'text', (c) => c.references('featureRequests.id').onDelete('set null'))
    .addColumn('lastMessage', 'text')
    .addColumn('lastMessageAt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_featureRequest').unique().on('conversations').column('featureRequestId').execute();

  await db.schema
    .createTable('conversationParticipants')
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversationParticipants_pk', ['conversationId', 'uid'])
    .execute();
  await db.schema.createIndex('conversationParticipants_uid').on('conversationParticipants').columns(['uid', 'unread']).execute();

  await db.schema
    .createTable('conversationMessages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('from', 'text', (c) => c.notNull())
    .addColumn('fromType', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isFeatureRequest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('conversationMessages_conversation').on('conversationMessages').columns(['conversationId', 'created_at', 'id']).execute();

  await db.schema
    .createTable('greetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('punctuation', 'text', (c) => c.notNull().defaultTo('!'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('greetings_text_punctuation').unique().on('greetings').columns(['text', 'punctuation']).execute();

  const now = new Date().toISOString();
  await (db as Kysely<{ greetings: { id: string; text: string; punctuation: string; enabled: number; created_at: string } }>)
    .insertInto('greetings')
    .values(STARTER_GREETINGS.map(([text, punctuation], i) => ({ id: `starter-${String(i + 1).padStart(2, '0')}`, text, punctuation, enabled: 1, created_at: now })))
    .execute();

  await db.schema.createIndex('adminLogs_timestamp').on('adminLogs').column('timestamp').execute();
  await db.schema.createIndex('featureRequests_user').on('featureRequests').columns(['userUid', 'created_at']).execute();
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema.createIndex('storyComments_created').on('storyComments').column('created_at').execute();
}

/** Frozen here, as a migration must be: later edits belong to admins in /admin/greetings. */
const STARTER_GREETINGS: ReadonlyArray<readonly [string, '!' | '?' | '.']> = [
  ['Welcome back', '!'],
  ['Hello', '!'],
  ['Good to see you', '!'],
  ['Ready to write', '?'],
  ['What will you write today', '?'],
  ['Happy writing', '!'],
  ['Hi there', '!'],
  ['The page is waiting', '.'],
  ['A hundred words at a time', '.'],
  ['Every word counts', '.'],
  ['Your next story starts now', '.'],
  ['Nice to have you here', '!'],
  ['Got a twist in mind', '?'],
  ['Let the story begin', '!'],
];
