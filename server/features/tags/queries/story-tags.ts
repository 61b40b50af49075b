import { sql, type Transaction } from 'kysely';
import { tagKey } from '@common/tags/tags';
import type { Database } from '../../../db/types';
import { newId } from '../../../shared/ids';

type Trx = Transaction<Database>;

/**
 * Gives the story exactly these tags (already checked and made unique by tagListSchema), in
 * the writer's transaction with the story locked (stories/service.ts): the old set goes and
 * the new one is written whole, so parallel edits of one story leave one edit's set, never
 * more than TAGS_PER_STORY_MAX. A tag new to Drabble is created with the name written here;
 * one that exists keeps its first name, which the story then shows.
 */
export async function setStoryTags(trx: Trx, storyId: string, names: readonly string[], at: string): Promise<void> {
  const tags = await ensureTags(trx, names, at);
  await trx.deleteFrom('storyTags').where('storyId', '=', storyId).execute();
  if (tags.length > 0) {
    // The story's seq, likes and publishedAt copied from its row as it is now (its triggers keep them after: db/story-tags.ts).
    await trx
      .insertInto('storyTags')
      .columns(['storyId', 'tagId', 'storySeq', 'created_at', 'likesCount', 'publishedAt'])
      .expression(
        trx
          .selectFrom('stories as s')
          .innerJoin('tags as t', (join) => join.on('t.id', 'in', tags.map((tag) => tag.id)))
          .select(['s.id', 't.id as tagId', 's.seq', sql<string>`${at}`.as('created_at'), 's.likesCount', 's.publishedAt'])
          .where('s.id', '=', storyId),
      )
      .execute();
  }
  await trx.updateTable('stories').set({ tagNames: JSON.stringify(tags.map((tag) => tag.name)) }).where('id', '=', storyId).execute();
}

/** The tags rows for these names, in their order, creating the missing ones (a race for one new tag makes one row). */
async function ensureTags(trx: Trx, names: readonly string[], at: string): Promise<Array<{ id: string; name: string }>> {
  if (names.length === 0) return [];
  const wanted = names.map((name) => ({ key: tagKey(name), name }));
  // In key order: two saves creating the same new tags wait for each other's in one order, never crosswise.
  const byKeyOrder = [...wanted].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await trx
    .insertInto('tags')
    .values(byKeyOrder.map((tag) => ({ id: newId(), key: tag.key, name: tag.name, created_at: at })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await trx.selectFrom('tags').select(['id', 'key', 'name']).where('key', 'in', wanted.map((tag) => tag.key)).execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return wanted.map((tag) => byKey.get(tag.key)).filter((row): row is NonNullable<typeof row> => row !== undefined);
}
