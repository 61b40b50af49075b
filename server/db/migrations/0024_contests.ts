import type { Kysely } from 'kysely';

/**
 * The weekly contest (docs/decisions/0045-contests.md):
 * - contests: a prompt and four instants (entries open and close, voting opens and closes);
 *   `revealedAt` is set once, by the transaction that works out the results;
 * - contestEntries: one per writer per contest (the primary key), a story in at most one
 *   contest ever (unique storyId); `votes` and `place` are written at the reveal, never before;
 * - contestVotes: one row per reader per entry; counted, never kept as a counter, until the reveal;
 * - stories.contestId: the contest a story is an anonymous entry of, until its reveal (or its
 *   withdrawal): every list leaves such a story out for all but its author, and the story page
 *   shows it without its author (policy/readable-stories.ts, features/stories/queries.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('promptDay', 'text')
    .addColumn('entryOpensAt', 'text', (c) => c.notNull())
    .addColumn('entryClosesAt', 'text', (c) => c.notNull())
    .addColumn('votingOpensAt', 'text', (c) => c.notNull())
    .addColumn('votingClosesAt', 'text', (c) => c.notNull())
    .addColumn('revealedAt', 'text')
    // The Monday of an automatic weekly contest (WEEKLY_CONTEST=automatic): one per week, whichever instance makes it.
    .addColumn('week', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The current contests (not yet over) and the past ones, newest first.
  await db.schema.createIndex('contests_voting_closes').on('contests').columns(['votingClosesAt']).execute();
  // Whether a week already has a contest (an admin's or an automatic one).
  await db.schema.createIndex('contests_entry_opens').on('contests').columns(['entryOpensAt']).execute();

  await db.schema
    .createTable('contestEntries')
    .addColumn('contestId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('storyId', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disqualifiedAt', 'text')
    .addColumn('disqualifiedReason', 'text')
    .addColumn('votes', 'integer')
    .addColumn('place', 'integer')
    .addPrimaryKeyConstraint('contestEntries_pk', ['contestId', 'uid'])
    .execute();
  // A writer's places (the contest badges).
  await db.schema.createIndex('contestEntries_uid').on('contestEntries').columns(['uid', 'place']).execute();

  await db.schema
    .createTable('contestVotes')
    .addColumn('contestId', 'text', (c) => c.notNull())
    .addColumn('voterUid', 'text', (c) => c.notNull())
    .addColumn('storyId', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contestVotes_pk', ['contestId', 'voterUid', 'storyId'])
    .execute();
  await db.schema.createIndex('contestVotes_story').on('contestVotes').columns(['storyId']).execute();
  await db.schema.createIndex('contestVotes_voter').on('contestVotes').columns(['voterUid']).execute();

  await db.schema.alterTable('stories').addColumn('contestId', 'text').execute();
}
