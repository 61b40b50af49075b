import type { Kysely } from 'kysely';

/**
 * Content warnings (docs/decisions/0042-content-warnings.md). A story's warnings
 * are one integer, bit `1 << i` for common/stories/content-warnings.ts CONTENT_WARNING_KEYS[i]
 * (0: none), with an optional note. A reader's `hiddenWarnings` is a mask of the same bits:
 * their lists keep only stories whose `contentWarnings & hiddenWarnings` is 0.
 * `alwaysShowText` (0/1) skips the "Show story" step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('contentWarnings', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('stories').addColumn('contentWarningNote', 'text').execute();
  await db.schema.alterTable('users').addColumn('hiddenWarnings', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('alwaysShowText', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
