import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-dialect';

describe('the prepared statement cache', () => {
  it('prepares each SQL text once and keeps the most recently used within its bound', () => {
    const sqlite = new SqliteDatabase(':memory:');
    let prepared = 0;
    const counting = { close: () => sqlite.close(), prepare: (sql: string) => (prepared++, sqlite.prepare(sql)) };
    const cached = withStatementCache(counting, 2);
    const one = cached.prepare('select 1 as n');
    expect(cached.prepare('select 1 as n')).toBe(one);
    expect(one.all([])).toEqual([{ n: 1 }]);
    expect(prepared).toBe(1);

    cached.prepare('select 2 as n');
    cached.prepare('select 1 as n');
    cached.prepare('select 3 as n');
    expect(cached.cachedStatements).toBe(2);
    // "select 2" was the least recently used: it is prepared again, "select 1" is not.
    cached.prepare('select 1 as n');
    expect(prepared).toBe(3);
    cached.prepare('select 2 as n');
    expect(prepared).toBe(4);
    cached.close();
  });

  it('keeps working when a migration changes a table under a cached statement', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const cached = withStatementCache(sqlite);
    sqlite.exec('create table t (a integer)');
    sqlite.exec('insert into t values (1)');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec('alter table t add column b integer default 2');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
    cached.close();
  });
});
