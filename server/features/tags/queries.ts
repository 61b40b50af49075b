import { sql, type Kysely } from 'kysely';
import { SUGGEST_MAX, type TagSummary } from '@common/tag-pages';
import type { Database } from '../../db/types';
import { readableBy } from '../../policy/readable-stories';

type Db = Kysely<Database>;

/** How a tag is counted everywhere: its public stories as a guest may read them (no limited or hidden writer). */
const COUNTED = readableBy(null, { publicOnly: true, excludeLimited: true });

export async function findTag(db: Db, key: string) {
  return db.selectFrom('tags').select(['id', 'key', 'name']).where('key', '=', key).executeTakeFirst();
}

/** The tag's public stories, counted on its (tagId, storySeq) range. */
export async function tagStoryCount(db: Db, tagId: string): Promise<number> {
  const row = await db
    .selectFrom('storyTags as st')
    .innerJoin('stories as s', 's.id', 'st.storyId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('st.tagId', '=', tagId)
    .where(COUNTED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tags with their counted stories, from `storyTags as st` rows already narrowed, most first. */
function countedTags(db: Db) {
  return db
    .selectFrom('storyTags as st')
    .innerJoin('stories as s', 's.id', 'st.storyId')
    .innerJoin('tags as t', 't.id', 'st.tagId')
    .select(['t.key', 't.name', (eb) => eb.fn.countAll<number>().as('storyCount')])
    .where(COUNTED)
    .groupBy(['t.id', 't.key', 't.name'])
    .orderBy('storyCount', 'desc')
    .orderBy('t.key');
}

const summaries = (rows: Array<{ key: string; name: string; storyCount: number | string | bigint }>): TagSummary[] =>
  rows.map((row) => ({ key: row.key, name: row.name, storyCount: Number(row.storyCount) }));

/**
 * Tags whose key starts with `prefix` (a key itself: common/tags.ts tagKey), most used first.
 * A tag only on private stories is never suggested: no one learns it exists.
 */
export async function suggestTags(db: Db, prefix: string): Promise<TagSummary[]> {
  if (prefix.length === 0) return [];
  // Keys hold letters, digits and hyphens only, so the prefix has no LIKE wildcard in it.
  const rows = await countedTags(db).where('t.key', 'like', `${prefix}%`).limit(SUGGEST_MAX).execute();
  return summaries(rows);
}

export const TRENDING_DAYS = 7;
export const TRENDING_MAX = 30;

/** The tags put on public stories most in the last seven days, with that week's count. */
export async function trendingTags(db: Db, now: Date): Promise<TagSummary[]> {
  const since = new Date(now.getTime() - TRENDING_DAYS * 86_400_000).toISOString();
  return summaries(await countedTags(db).where('st.created_at', '>=', since).limit(TRENDING_MAX).execute());
}

/** The tags the reader follows, by name, with their counts. */
export async function followedTags(db: Db, uid: string): Promise<TagSummary[]> {
  const rows = await db
    .selectFrom('tagFollows as f')
    .innerJoin('tags as t', 't.id', 'f.tagId')
    .select(['t.key', 't.name'])
    .select((eb) =>
      eb
        .selectFrom('storyTags as st')
        .innerJoin('stories as s', 's.id', 'st.storyId')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('st.tagId', '=', 't.id')
        .where(COUNTED)
        .as('storyCount'),
    )
    .where('f.uid', '=', uid)
    .orderBy('t.key')
    .execute();
  return summaries(rows.map((row) => ({ ...row, storyCount: row.storyCount ?? 0 })));
}

export async function isFollowing(db: Db, uid: string, tagId: string): Promise<boolean> {
  const row = await db.selectFrom('tagFollows').select('uid').where('uid', '=', uid).where('tagId', '=', tagId).executeTakeFirst();
  return row !== undefined;
}
