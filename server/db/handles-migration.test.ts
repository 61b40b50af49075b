import { describe, expect, it } from 'vitest';
import { handleProblem } from '@common/handles/handle';
import { testDialects, useDatabaseMigratedTo } from '../test/databases';
import { migrateToLatest } from './database';

describe.each(testDialects())('migration 0028 (handles) on %s', (dialect) => {
  const at = useDatabaseMigratedTo(dialect, '0027_contest_pending_words');

  it('gives every existing account a unique handle from its name, oldest first, and then holds every row to one', async () => {
    const db = at.database.handle.db;
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
    const user = (uid: string, created_at: string, displayName: string | null, email: string, extra: { name?: string; deletedAt?: string } = {}) => ({
      uid, name: extra.name ?? displayName ?? '', email, first: '', last: '', created_at, lastActive: created_at, themeMode: null, admin: 0 as const,
      profileImage: null, displayName, darkMode: null, deletedAt: extra.deletedAt ?? null,
    });
    await db
      .insertInto('users')
      .values([
        // The later Ada is inserted first: age decides who gets the handle without a number, not the order of rows.
        user('ada-younger', day(5), 'Ada Lovelace', 'ada2@example.com'),
        user('ada-older', day(1), 'Ada Lovelace', 'ada@example.com'),
        user('grace', day(2), null, 'Grace.Hopper@example.com'),
        user('the-admin', day(3), 'Admin', 'boss@example.com'),
        user('li', day(4), '李雷', 'li.lei@example.com'),
        user('nobody', day(6), '😀', '漢字@example.com'),
        user('gone', day(7), 'Deleted user', 'deleted-gone@invalid', { name: 'deleted-Gone1234', deletedAt: day(8) }),
        user('ada3-by-name', day(0), 'Ada Lovelace 3', 'x@example.com'),
      ])
      .execute();
    // More than a batch (500) of one name: numbered on across batches.
    const writers = Array.from({ length: 620 }, (_, i) => user(`writer-${String(i).padStart(4, '0')}`, day(10 + i), 'Writer', `w${i}@example.com`));
    for (let from = 0; from < writers.length; from += 100) await db.insertInto('users').values(writers.slice(from, from + 100)).execute();

    await migrateToLatest(db);
    const rows = await db.selectFrom('users').select(['uid', 'handle']).execute();
    const handleOf = new Map(rows.map((r) => [r.uid, r.handle]));
    expect(Object.fromEntries(['ada-older', 'ada-younger', 'ada3-by-name', 'grace', 'the-admin', 'li', 'nobody', 'gone'].map((uid) => [uid, handleOf.get(uid)]))).toEqual({
      'ada3-by-name': 'ada_lovelace_3',
      'ada-older': 'ada_lovelace',
      'ada-younger': 'ada_lovelace2',
      grace: 'grace_hopper',
      'the-admin': 'admin_writer',
      li: 'li_lei',
      nobody: 'writer',
      gone: 'deleted_gone1234',
    });
    // "writer" was the oldest's (the account with no usable name): the Writers count on from 2.
    expect(handleOf.get('writer-0000')).toBe('writer2');
    expect(handleOf.get('writer-0619')).toBe('writer621');
    expect(new Set(rows.map((r) => r.handle)).size).toBe(rows.length);
    for (const { handle } of rows) expect(handleProblem(handle), handle).toBeNull();

    // From now on the database holds every account to a handle of its own.
    const fresh = user('fresh', day(2000), 'Fresh', 'fresh@example.com');
    await expect(db.insertInto('users').values(fresh).execute()).rejects.toThrow();
    await expect(db.insertInto('users').values({ ...fresh, handle: 'grace_hopper' }).execute()).rejects.toThrow();
    await expect(db.updateTable('users').set({ handle: null as unknown as string }).where('uid', '=', 'grace').execute()).rejects.toThrow();
    await db.insertInto('users').values({ ...fresh, handle: 'fresh' }).execute();
    await db.insertInto('handleRedirects').values({ oldHandle: 'grace', userId: 'grace', createdAt: day(2001) }).execute();
    await expect(db.insertInto('handleRedirects').values({ oldHandle: 'grace', userId: 'fresh', createdAt: day(2002) }).execute()).rejects.toThrow();
  });
});
