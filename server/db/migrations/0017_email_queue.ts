import type { Kysely } from 'kysely';

/**
 * One outbox for every email (server/email/queue.ts): a message is written here
 * whole before it is sent, claimed by one instance at a time (`claimedBy` until
 * `claimedUntil`), deleted once the SMTP server took it, and otherwise tried again at
 * `nextAttemptAt`, with backoff, until it is 24 hours old. A restart keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('emailQueue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    // JSON of extra headers (List-Unsubscribe), or null.
    .addColumn('headers', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('claimedBy', 'text')
    .addColumn('claimedUntil', 'text')
    .execute();
  await db.schema.createIndex('emailQueue_due').on('emailQueue').column('nextAttemptAt').execute();
}
