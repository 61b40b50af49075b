import { sql, type Kysely } from 'kysely';
import { countWords, hasUnspacedScript } from '@common/stories/words';

/**
 * Word counts in every language: Chinese, Japanese and Thai are counted by their
 * word segments (common/stories/words.ts). Only texts with those scripts count differently, so only
 * they are recounted, once: stories and the earlier versions kept of them. Words already
 * credited to writing days stay as they were (a day's words are what was counted that day).
 */
const BATCH = 500;

type Db = Kysely<{
  stories: { seq: number; content: string; wordCount: number };
  storyVersions: { id: string; content: string; wordCount: number };
}>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db as Db;
  let afterSeq = -1;
  for (;;) {
    const rows = await tables.selectFrom('stories').select(['seq', 'content', 'wordCount']).where('seq', '>', afterSeq).orderBy('seq').limit(BATCH).execute();
    if (rows.length === 0) break;
    const changed = recounted(rows).map((r) => sql`(cast(${Number(r.row.seq)} as bigint), cast(${r.words} as integer))`);
    if (changed.length > 0) {
      await sql`update stories set ${sql.ref('wordCount')} = v.column2 from (values ${sql.join(changed)}) as v where stories.seq = v.column1`.execute(db);
    }
    afterSeq = Number(rows[rows.length - 1]!.seq);
  }

  let afterId = '';
  for (;;) {
    const rows = await tables.selectFrom('storyVersions').select(['id', 'content', 'wordCount']).where('id', '>', afterId).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) break;
    const changed = recounted(rows).map((r) => sql`(${r.row.id}, cast(${r.words} as integer))`);
    if (changed.length > 0) {
      await sql`update ${sql.ref('storyVersions')} set ${sql.ref('wordCount')} = v.column2 from (values ${sql.join(changed)}) as v where ${sql.ref('storyVersions.id')} = v.column1`.execute(db);
    }
    afterId = rows[rows.length - 1]!.id;
  }
}

function recounted<R extends { content: string; wordCount: number }>(rows: R[]): Array<{ row: R; words: number }> {
  return rows
    .filter((row) => hasUnspacedScript(row.content))
    .map((row) => ({ row, words: countWords(row.content) }))
    .filter(({ row, words }) => words !== Number(row.wordCount));
}
