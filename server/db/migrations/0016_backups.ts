import type { Kysely } from 'kysely';

/**
 * Backups on a schedule: one row (id 1) that every instance reads. `dueAt` is when
 * the next scheduled backup is due (null: as soon as an instance with BACKUP_DIR looks); an
 * instance takes a backup by moving it on with a conditional UPDATE (where dueAt is still the
 * value it read), so with several instances exactly one takes each. The rest is what the
 * admin dashboard shows: the last good backup and the last failure, with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backupSchedule')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dueAt', 'text')
    .addColumn('takenBy', 'text')
    .addColumn('takenAt', 'text')
    .addColumn('lastSuccessAt', 'text')
    .addColumn('lastSuccessFile', 'text')
    .addColumn('lastSuccessBytes', 'bigint')
    .addColumn('lastSuccessMs', 'integer')
    .addColumn('lastFailureAt', 'text')
    .addColumn('lastFailureReason', 'text')
    .execute();
  await db.insertInto('backupSchedule' as never).values({ id: 1 } as never).execute();
}
