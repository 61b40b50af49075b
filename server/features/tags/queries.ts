import type { Kysely } from 'kysely';
import { SUGGEST_MAX, type TagSummary } from '@common/tags/tag-pages';
import type { Database } from '../../db/types';
import { readableBy } from '../../policy/readable-stories';
import type { Viewer } from '../../policy/viewer';

type Db = Kysely<Database>;

export async function findTag(db: Db, key: string) {
  return db.selectFrom('tags').select(['id', 'key', 'name', 'storyCount']).where('key', '=', key).executeTakeFirst();
}

/**
 * Whether the viewer may know the tag exists: a public story they may read carries it, or they
 * follow it. A tag only on private stories (or a hidden writer's) answers as one never used,
 * so its spelling is not told to anyone (db/story-tags.ts keeps the guest's count, the quick yes).
 */
export async function tagShownTo(db: Db, viewer: Viewer, tag: { id: string; storyCount: number | string | bigint }): Promise<boolean> {
  if (Number(tag.storyCount) > 0) return true;
  const readable = await db
    .selectFrom('storyTags as st')
    .innerJoin('stories as s', 's.id', 'st.storyId')
    .select('st.storyId')
    .where('st.tagId', '=', tag.id)
    .where(readableBy(viewer, { publicOnly: true }))
    .limit(1)
    .executeTakeFirst();
  if (readable) return true;
  return viewer !== null && isFollowing(db, viewer.uid, tag.id);
}

const summaries = (rows: Array<{ key: string; name: string; storyCount: number | string | bigint }>): TagSummary[] =>
  rows.map((row) => ({ key: row.key, name: row.name, storyCount: Number(row.storyCount) }));

/**
 * Tags whose key starts with `prefix` (a key itself: common/tags/tags.ts tagKey), most used first,
 * by their kept counts (db/story-tags.ts). A tag only on private stories counts none and is
 * never suggested: no one learns it exists.
 */
export async function suggestTags(db: Db, prefix: string): Promise<TagSummary[]> {
  if (prefix.length === 0) return [];
  // Keys hold letters, digits and hyphens only, so the prefix has no LIKE wildcard in it.
  const rows = await db
    .selectFrom('tags')
    .select(['key', 'name', 'storyCount'])
    .where('key', 'like', `${prefix}%`)
    .where('storyCount', '>', 0)
    .orderBy('storyCount', 'desc')
    .orderBy('key')
    .limit(SUGGEST_MAX)
    .execute();
  return summaries(rows);
}

export const TRENDING_DAYS = 7;
export const TRENDING_MAX = 30;

/** How a week's tags are counted: public stories as a guest may read them (no limited or hidden writer). */
const COUNTED = readableBy(null, { publicOnly: true, excludeLimited: true });

/** The tags put on public stories most in the last seven days, with that week's count. */
export async function trendingTags(db: Db, now: Date): Promise<TagSummary[]> {
  const since = new Date(now.getTime() - TRENDING_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('storyTags as st')
    .innerJoin('stories as s', 's.id', 'st.storyId')
    .innerJoin('tags as t', 't.id', 'st.tagId')
    .select(['t.key', 't.name', (eb) => eb.fn.countAll<number>().as('storyCount')])
    .where(COUNTED)
    .where('st.created_at', '>=', since)
    .groupBy(['t.id', 't.key', 't.name'])
    .orderBy('storyCount', 'desc')
    .orderBy('t.key')
    .limit(TRENDING_MAX)
    .execute();
  return summaries(rows);
}

/** The tags the reader follows, by name, with their counts. */
export async function followedTags(db: Db, uid: string): Promise<TagSummary[]> {
  const rows = await db
    .selectFrom('tagFollows as f')
    .innerJoin('tags as t', 't.id', 'f.tagId')
    .select(['t.key', 't.name', 't.storyCount'])
    .where('f.uid', '=', uid)
    .orderBy('t.key')
    .execute();
  return summaries(rows);
}

export async function isFollowing(db: Db, uid: string, tagId: string): Promise<boolean> {
  const row = await db.selectFrom('tagFollows').select('uid').where('uid', '=', uid).where('tagId', '=', tagId).executeTakeFirst();
  return row !== undefined;
}

/** The reader follows the tag (already following: nothing changes). */
export async function insertTagFollow(db: Db, uid: string, tagId: string, createdAt: string): Promise<void> {
  await db
    .insertInto('tagFollows')
    .values({ uid, tagId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['uid', 'tagId']).doNothing())
    .execute();
}

/** The reader stops following the tag. */
export async function deleteTagFollow(db: Db, uid: string, tagId: string): Promise<void> {
  await db.deleteFrom('tagFollows').where('uid', '=', uid).where('tagId', '=', tagId).execute();
}
