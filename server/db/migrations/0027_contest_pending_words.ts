import { sql, type Kysely } from 'kysely';

/**
 * The weekly contest keeps its entrants unknown until the reveal (docs/decisions/0045-contests.md):
 * - stories.wordsPending: the words of a story written for a contest (or added to it while it is
 *   an unrevealed entry) that have not yet counted towards its writer's writing days. A streak
 *   or badge that moved the moment an entry appeared would name its writer; the reveal counts
 *   them on the day the story was written and sets this back to 0.
 * - stories.contestId now also marks a story written for a contest and not (or no longer) entered
 *   in it, until that contest's reveal: such a story is private, so only its pending words hang on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('wordsPending', 'integer', (c) => c.notNull().defaultTo(sql.lit(0)))
    .execute();
}
