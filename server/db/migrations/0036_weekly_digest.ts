import type { Kysely } from 'kysely';

/**
 * The weekly digest (server/features/digest):
 * - weeklyDigests: a reader's choice (on, the ISO weekday and the hour in their time zone) and
 *   `nextDueAt`, the instant the next digest is due (null while it is off), read by the due pass
 *   through its index; `lastSentAt` is where the next digest's "new since" starts.
 * - weeklyDigestSends: one row per reader per week (its Monday, in their zone), inserted before
 *   anything is sent: of several instances, or two passes, only the one whose insert went in sends.
 *   `outcome` says whether it was sent or there was nothing new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weeklyDigests')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('nextDueAt', 'text')
    .addColumn('lastSentAt', 'text')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weeklyDigests_nextDueAt').on('weeklyDigests').column('nextDueAt').execute();
  await db.schema
    .createTable('weeklyDigestSends')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('claimedAt', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('weeklyDigestSends_pk', ['uid', 'week'])
    .execute();
}
