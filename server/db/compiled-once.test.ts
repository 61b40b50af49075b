import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases';
import { compiledOnce } from './compiled-once';

describe.each(testDialects())('a query compiled once on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    const db = database.handle.db;
    await db.insertInto('follows').values([
      { followerUid: 'a', followeeUid: 'b', created_at: '2026-01-01T00:00:00.000Z' },
      { followerUid: 'a', followeeUid: 'c', created_at: '2026-01-02T00:00:00.000Z' },
      { followerUid: 'd', followeeUid: 'b', created_at: '2026-01-03T00:00:00.000Z' },
    ]).execute();
  });
  afterAll(async () => {
    await database.handle.close();
    await database.drop();
  });

  it('runs with each call’s values, beside the query’s own constants', async () => {
    const followees = compiledOnce((db, follower: string, since: string) =>
      db.selectFrom('follows').select('followeeUid').where('followerUid', '=', follower).where('created_at', '>=', since).where('followeeUid', '!=', 'z').orderBy('followeeUid'),
    );
    const db = database.handle.db;
    expect(await followees(db, 'a', '2026-01-01')).toEqual([{ followeeUid: 'b' }, { followeeUid: 'c' }]);
    expect(await followees(db, 'a', '2026-01-02')).toEqual([{ followeeUid: 'c' }]);
    expect(await followees(db, 'd', '2026-01-01')).toEqual([{ followeeUid: 'b' }]);
    expect(await followees(db, 'nobody', '2026-01-01')).toEqual([]);
  });

  it('refuses a query that writes an argument into its SQL text', async () => {
    const inlined = compiledOnce((db, follower: string) => db.selectFrom('follows').select('followeeUid').where('followerUid', '=', sql.lit(follower)));
    await expect(inlined(database.handle.db, 'a')).rejects.toThrow(/bound value/);
  });
});
