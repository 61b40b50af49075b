import type { Kysely } from 'kysely';

/**
 * Import remembers what it brought in: one row per story a writer imported, keyed by
 * a fingerprint of its normalised title and text (server/features/your-data/fingerprint.ts), so
 * importing the same file again answers "already imported" instead of a second copy. The
 * primary key (uid, fingerprint) holds one per writer whatever the races; the row goes with its
 * story (a deleted story may be imported again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('importFingerprints')
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('storyId', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('importFingerprints_pk', ['uid', 'fingerprint'])
    .execute();
  // Deleting a story finds its row by this index (the cascade), not by a scan.
  await db.schema.createIndex('importFingerprints_story').on('importFingerprints').column('storyId').execute();
}
