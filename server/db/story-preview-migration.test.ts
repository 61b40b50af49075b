import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { countChars, storyPreview } from '@common/stories/words';
import { testDialects, useDatabaseMigratedTo } from '../test/databases';
import { buildStoryInput } from '../features/stories/test-support-builders';
import { migrateToLatest } from './database';
import type { StoriesTable } from './types';

/** A stories row as it was before 0010. */
type OldStory = Omit<StoriesTable, 'seq' | 'preview' | 'charCount' | 'likesCount' | 'commentsCount' | 'viewsCount'>;

describe.each(testDialects())('migration 0010 (stored story previews) on %s', (dialect) => {
  const at = useDatabaseMigratedTo(dialect, '0009_messages_and_notifications');

  it('fills the preview and character count of every existing story, in batches', async () => {
    const database = at.database;
    const db = database.handle.db as unknown as Kysely<{ stories: OldStory }>;
    const now = new Date().toISOString();
    await database.handle.db
      .insertInto('users')
      .values({ uid: 'writer', name: 'W', email: 'w@example.com', first: 'W', last: '', created_at: now, lastActive: now, themeMode: null, admin: 0, profileImage: null, displayName: 'W', darkMode: null })
      .execute();
    // More than one batch of 500, with text the preview must flatten and cut (and a surrogate pair).
    const contents = Array.from({ length: 1203 }, (_, i) =>
      i === 0 ? 'Short.' : i === 1 ? `${'🌊'.repeat(120)} end` : `${buildStoryInput().content}\n\n  number ${i}`,
    );
    for (let from = 0; from < contents.length; from += 200) {
      await db
        .insertInto('stories')
        .values(
          contents.slice(from, from + 200).map((content, k) => ({
            id: `story${String(from + k).padStart(15, '0')}`, uid: 'writer', title: 'T', content, public: 1 as const, wordCount: 1,
            created_at: now, updated_at: now, madePublicAt: now, publishedAt: now, madePrivateAt: null, promptGenre: null, promptTheme: null, promptTwist: null,
            authorDisplayName: 'W', authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
          })),
        )
        .execute();
    }

    await migrateToLatest(database.handle.db);
    const rows = await database.handle.db.selectFrom('stories').select(['content', 'preview', 'charCount']).orderBy('seq').execute();
    expect(rows).toHaveLength(contents.length);
    for (const row of rows) {
      expect(row.preview).toBe(storyPreview(row.content));
      expect(Number(row.charCount)).toBe(countChars(row.content));
    }
    expect(rows[0]!.preview).toBe('Short.');
    expect(rows[1]!.preview.endsWith('…')).toBe(true);
  });
});
