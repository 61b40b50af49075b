import type { Kysely } from 'kysely';

/**
 * Scheduled publishing (docs/decisions/0072-scheduled-publishing.md): at most one time per story
 * at which its writer wants it made public. The story's writer owns it (no uid of its own); it
 * goes with the story (STORY_ROWS), and is cleared when the story is made public by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storySchedules')
    .addColumn('storyId', 'text', (c) => c.primaryKey())
    /** UTC ISO instant (toISOString), so text order is time order. */
    .addColumn('publishAt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The job's question: which schedules are due.
  await db.schema.createIndex('storySchedules_due').on('storySchedules').column('publishAt').execute();
}
