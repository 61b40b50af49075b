import { describe, expect, it } from 'vitest';
import { testDialects, useDatabaseMigratedTo } from '../test/databases';
import { migrateToLatest } from './database';

describe.each(testDialects())('migration 0014 (the tutorial on the account) on %s', (dialect) => {
  const at = useDatabaseMigratedTo(dialect, '0012_writing_habits');

  it('records the tutorial as seen by every existing account, and drops authors’ favourites of their own stories', async () => {
    const db = at.database.handle.db;
    const made = { ada: '2025-01-02T03:04:05.000Z', bob: '2025-06-07T08:09:10.000Z' };
    for (const [uid, at] of Object.entries(made)) {
      await db
        .insertInto('users')
        .values({ uid, name: uid, email: `${uid}@example.com`, first: uid, last: '', created_at: at, lastActive: at, themeMode: null, admin: 0, profileImage: null, displayName: uid, darkMode: null })
        .execute();
    }
    const story = (id: string, uid: string) => ({
      id, uid, title: 'T', content: 'Words.', preview: 'Words.', public: 1 as const, wordCount: 1, charCount: 6, created_at: made.ada, updated_at: made.ada,
      madePublicAt: made.ada, publishedAt: made.ada, madePrivateAt: null, promptGenre: null, promptTheme: null, promptTwist: null,
      authorDisplayName: uid, authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
    });
    await db.insertInto('stories').values([story('adas', 'ada'), story('bobs', 'bob')]).execute();
    await db
      .insertInto('userFavorites')
      .values([
        { uid: 'ada', storyId: 'adas', created_at: made.bob },
        { uid: 'ada', storyId: 'bobs', created_at: made.bob },
        { uid: 'bob', storyId: 'adas', created_at: made.bob },
      ])
      .execute();

    await migrateToLatest(db);
    const users = await db.selectFrom('users').select(['uid', 'tutorialSeenAt']).orderBy('uid').execute();
    expect(users).toEqual([
      { uid: 'ada', tutorialSeenAt: made.ada },
      { uid: 'bob', tutorialSeenAt: made.bob },
    ]);
    const favourites = await db.selectFrom('userFavorites').select(['uid', 'storyId']).orderBy('uid').orderBy('storyId').execute();
    expect(favourites).toEqual([
      { uid: 'ada', storyId: 'bobs' },
      { uid: 'bob', storyId: 'adas' },
    ]);
  });
});
