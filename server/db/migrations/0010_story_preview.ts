import { sql, type Kysely } from 'kysely';
import { countChars, storyPreview } from '@common/stories/words';

/**
 * Lean lists: the card's preview and the text's length in characters are kept on
 * the story row, written whenever the text is saved, so a list reads 150 characters a story
 * instead of the whole text and computes nothing per row. Existing stories are filled in here
 * with the same `storyPreview` the app uses (common/stories/words.ts); should that definition change,
 * a later migration refills the column the same way.
 *
 * SQLite cannot add a NOT NULL column without a default; the empty default only bridges the
 * backfill below (every insert names both columns: server/db/types.ts makes them required).
 */
const BATCH = 500;

type Db = Kysely<{ stories: { seq: number; content: string; preview: string; charCount: number } }>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('preview', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('stories').addColumn('charCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const stories = db as Db;
  let after = -1;
  for (;;) {
    const rows = await stories.selectFrom('stories').select(['seq', 'content']).where('seq', '>', after).orderBy('seq').limit(BATCH).execute();
    if (rows.length === 0) break;
    // One statement per batch; VALUES columns are column1… on both databases.
    const values = sql.join(
      rows.map((r) => sql`(cast(${Number(r.seq)} as bigint), ${storyPreview(r.content)}, cast(${countChars(r.content)} as integer))`),
    );
    await sql`update stories set preview = v.column2, ${sql.ref('charCount')} = v.column3
      from (values ${values}) as v where stories.seq = v.column1`.execute(db);
    after = Number(rows[rows.length - 1]!.seq);
  }
}
