import { describe, expect, it } from 'vitest';
import { countChars, countWords, storyPreview } from '@common/stories/words';
import { testDialects, useDatabaseMigratedTo } from '../test/databases';
import { migrateToLatest } from './database';

describe.each(testDialects())('migration 0021 (word counts in every language) on %s', (dialect) => {
  const at = useDatabaseMigratedTo(dialect, '0019_fast_search_document');

  it('recounts the stories and versions written in Chinese, Japanese or Thai, in batches, and leaves every other count alone', async () => {
    const db = at.database.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({ uid: 'writer', name: 'W', email: 'w@example.com', first: 'W', last: '', created_at: now, lastActive: now, themeMode: null, admin: 0, profileImage: null, displayName: 'W', darkMode: null })
      .execute();
    // More than a batch of 500; a whitespace split counted each sentence without spaces as one word.
    const unspaced = ['我喜欢写短篇小说。', '私は猫が好きです。', 'ฉันชอบเขียนเรื่องสั้น'];
    const contents = Array.from({ length: 1100 }, (_, i) => (i % 100 === 7 ? unspaced[i % 3]! : `Plain words, number ${i}.`));
    const oldCount = (content: string) => content.trim().split(/\s+/u).length;
    for (let from = 0; from < contents.length; from += 200) {
      await db
        .insertInto('stories')
        .values(
          contents.slice(from, from + 200).map((content, k) => ({
            id: `story${String(from + k).padStart(15, '0')}`, uid: 'writer', title: 'T', content, public: 1 as const,
            // One English story carries a count of 99 on purpose: the migration must not touch it.
            wordCount: from + k === 3 ? 99 : oldCount(content), charCount: countChars(content), preview: storyPreview(content),
            created_at: now, updated_at: now, madePublicAt: now, publishedAt: now, madePrivateAt: null, promptGenre: null, promptTheme: null, promptTwist: null,
            authorDisplayName: 'W', authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
          })),
        )
        .execute();
    }
    await db
      .insertInto('storyVersions')
      .values(
        ['version-a', 'version-b'].map((id, k) => ({
          id, storyId: 'story000000000000007', uid: 'writer', title: 'T', content: k === 0 ? unspaced[0]! : 'An older English text.',
          wordCount: k === 0 ? 1 : 4, promptGenre: null, promptTheme: null, promptTwist: null, savedAt: now, created_at: now,
        })),
      )
      .execute();

    await migrateToLatest(db);
    const rows = await db.selectFrom('stories').select(['id', 'content', 'wordCount']).orderBy('seq').execute();
    expect(rows).toHaveLength(contents.length);
    for (const [i, row] of rows.entries()) {
      if (i === 3) expect(Number(row.wordCount), 'an English count is never recounted').toBe(99);
      else expect(Number(row.wordCount), row.content).toBe(countWords(row.content));
    }
    expect(rows.filter((row) => Number(row.wordCount) > 1 && unspaced.includes(row.content))).toHaveLength(11);
    const versions = await db.selectFrom('storyVersions').select(['id', 'wordCount']).orderBy('id').execute();
    expect(versions.map((v) => [v.id, Number(v.wordCount)])).toEqual([['version-a', 4], ['version-b', 4]]);
  });
});
