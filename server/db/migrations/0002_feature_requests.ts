import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('featureRequests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('userUid', 'text', (c) => c.notNull())
    .addColumn('userDisplayName', 'text')
    .addColumn('userEmail', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('lastActivity', 'text', (c) => c.notNull())
    .addColumn('hasAdminResponse', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('featureRequests_created').on('featureRequests').column('created_at').execute();
  await db.schema.createIndex('featureRequests_status').on('featureRequests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('featureRequestResponses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('featureRequestId', 'text', (c) => c.notNull().references('featureRequests.id').onDelete('cascade'))
    .addColumn('from', 'text', (c) => c.notNull())
    .addColumn('fromType', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('featureRequestResponses_request').on('featureRequestResponses').columns(['featureRequestId', 'created_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .execute();
  await db.schema.createIndex('notifications_to').on('notifications').columns(['to', 'read', 'created_at']).execute();
}
