import type { Kysely } from 'kysely';

/**
 * Moderation outcomes:
 * - moderationActions.outcome: what a `resolve` concluded ('action' | 'dismissed'), chosen by
 *   the admin instead of inferred, so a case resolved, reopened and resolved again keeps each
 *   conclusion beside its reason;
 * - moderationActions.subject: a label of what a `remove` took down ("Story “Title”"), kept
 *   because the thing itself is gone (a removal straight from a story's page or the user's
 *   page belongs to no case, so nothing else would say what it was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('moderationActions').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('moderationActions').addColumn('subject', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('moderationActions').dropColumn('subject').execute();
  await db.schema.alterTable('moderationActions').dropColumn('outcome').execute();
}
