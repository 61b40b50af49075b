import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import SqliteDatabase from 'better-sqlite3';
import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/server';
import { isDatabaseUnavailable } from '../db/unavailable';
import { createErrorHandler, DATABASE_REFUSALS, databaseRefusal, notFound, UNAVAILABLE_MESSAGE } from './errors';

/** The error a statement raises, or a failure when it raises none. */
function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

async function asyncErrorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

const answer = (err: unknown) => {
  const refusal = databaseRefusal(err);
  return refusal && { status: refusal.status, code: refusal.code, message: refusal.message };
};

describe('database refusals from SQLite', () => {
  const db = new SqliteDatabase(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(`
    create table parent (id integer primary key, name text not null unique, n integer check (n >= 0));
    create table child (id integer primary key, parent integer not null references parent(id));
    insert into parent (id, name, n) values (1, 'a', 1);
  `);

  it('maps a unique or primary-key conflict to 409', () => {
    expect(answer(errorOf(() => db.exec(`insert into parent (id, name) values (2, 'a')`)))).toEqual({ status: 409, code: 'conflict', message: DATABASE_REFUSALS.duplicate });
    expect(answer(errorOf(() => db.exec(`insert into parent (id, name) values (1, 'b')`)))?.status).toBe(409);
  });

  it('maps the other constraints to 400', () => {
    for (const statement of [
      `insert into parent (id, name) values (3, null)`,
      `insert into parent (id, name, n) values (3, 'c', -1)`,
      `insert into child (parent) values (99)`,
    ]) {
      expect(answer(errorOf(() => db.exec(statement))), statement).toEqual({ status: 400, code: 'bad_request', message: DATABASE_REFUSALS.integrity });
    }
  });

  it('maps a type mismatch to 400 and a value too big to 413', () => {
    expect(answer(errorOf(() => db.exec(`insert into parent (id, name) values ('x', 'd')`)))).toEqual({ status: 400, code: 'bad_request', message: DATABASE_REFUSALS.value });
    expect(answer(errorOf(() => db.prepare('select zeroblob(2000000000)').get()))?.status).toBe(413);
  });

  it('leaves server faults alone', () => {
    expect(databaseRefusal(errorOf(() => db.exec('select * from missing')))).toBeNull();
    expect(databaseRefusal(errorOf(() => db.exec('selec 1')))).toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('database refusals from PostgreSQL', () => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const query = (text: string, values: unknown[] = []) => asyncErrorOf(() => client.query(text, values));

  beforeAll(async () => {
    await client.connect();
    await client.query(`
      create temporary table parent (id integer primary key, name varchar(5) not null unique, n integer check (n >= 0));
      create temporary table child (id integer primary key, parent integer not null references parent(id));
      insert into parent (id, name, n) values (1, 'a', 1);
    `);
  });
  afterAll(() => client.end());

  it('maps 23505 (unique) to 409 and the rest of class 23 to 400', async () => {
    expect(answer(await query(`insert into parent (id, name) values (2, 'a')`))).toEqual({ status: 409, code: 'conflict', message: DATABASE_REFUSALS.duplicate });
    for (const statement of [
      `insert into parent (id, name) values (3, null)`,
      `insert into parent (id, name, n) values (3, 'c', -1)`,
      `insert into child (id, parent) values (1, 99)`,
    ]) {
      expect(answer(await query(statement)), statement).toEqual({ status: 400, code: 'bad_request', message: DATABASE_REFUSALS.integrity });
    }
  });

  it('maps class 22 (data exceptions) to 400', async () => {
    const value = { status: 400, code: 'bad_request', message: DATABASE_REFUSALS.value };
    // 22021: NUL in text, the character this issue is about.
    expect(answer(await query('select $1::text', ['a\u0000b']))).toEqual(value);
    // 22003: out of range; 22P02: not a number.
    expect(answer(await query('select $1::integer', [2 ** 40]))).toEqual(value);
    expect(answer(await query('select $1::integer', ['x']))).toEqual(value);
    // 22001: too long for the column.
    expect(answer(await query(`insert into parent (id, name) values (4, 'toolong')`))).toEqual({ ...value, message: DATABASE_REFUSALS.tooLong });
  });

  it('leaves server faults alone', async () => {
    expect(databaseRefusal(await query('select * from missing'))).toBeNull();
    expect(databaseRefusal(await query('selec 1'))).toBeNull();
  });
});

describe('the error handler', () => {
  const logged: Array<{ level: number; msg: string }> = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    }),
  );
  const app = new Hono();
  app.onError(createErrorHandler(logger));
  const sqliteError = (code: string) => Object.assign(new Error(`${code}: secret detail`), { name: 'SqliteError', code });
  app.get('/unique', () => {
    throw sqliteError('SQLITE_CONSTRAINT_UNIQUE');
  });
  app.get('/pg-nul', () => {
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' });
  });
  app.get('/wrapped', () => {
    throw new Error('auth library failed', { cause: sqliteError('SQLITE_MISMATCH') });
  });
  app.get('/system', () => {
    throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
  });
  app.get('/bug', () => {
    throw new TypeError('x is undefined');
  });
  app.get('/missing', () => {
    throw notFound('Story not found');
  });
  app.get('/pg-restarting', () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
  });
  app.get('/pg-refused', () => {
    // Node's answer when every address of the host refused: an AggregateError of system errors.
    throw Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })], ''), { code: 'ECONNREFUSED' });
  });
  app.get('/pg-lost', () => {
    throw new Error('Connection terminated unexpectedly');
  });
  app.get('/sqlite-busy', () => {
    throw new Error('auth library failed', { cause: sqliteError('SQLITE_BUSY') });
  });

  it('answers a refusal with a 4xx in the API shape, never the database text', async () => {
    const unique = await app.request('/unique');
    expect(unique.status).toBe(409);
    expect(await unique.json()).toEqual({ error: { code: 'conflict', message: DATABASE_REFUSALS.duplicate } });
    const nul = await app.request('/pg-nul');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ error: { code: 'bad_request', message: DATABASE_REFUSALS.value } });
    expect((await app.request('/wrapped')).status).toBe(400);
    expect(logged.some((entry) => entry.msg === 'database refused a request value' && entry.level === 40)).toBe(true);
    expect(JSON.stringify(logged)).not.toContain('secret detail');
  });

  it('keeps 500 for server faults, and typed errors as they are', async () => {
    for (const path of ['/system', '/bug']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    }
    expect((await app.request('/missing')).status).toBe(404);
  });

  it('answers 503 with Retry-After while the database is restarting, unreachable or locked', async () => {
    for (const path of ['/pg-restarting', '/pg-refused', '/pg-lost', '/sqlite-busy']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('5');
      expect(await res.json()).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } });
    }
  });
});

describe('the error handler while the database does not answer', () => {
  const app = new Hono();
  let answers = true;
  app.onError(createErrorHandler(pino({ level: 'silent' }), async () => !answers));
  app.get('/hidden', () => {
    // What an auth library throws when its query failed: its own error, the cause dropped.
    throw new Error('Failed to get session');
  });

  it('answers 503 for an error that hides its cause, and 500 while the database answers', async () => {
    answers = false;
    const down = await app.request('/hidden');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    answers = true;
    expect((await app.request('/hidden')).status).toBe(500);
  });
});

describe('an unreachable or locked database, as the drivers report it', () => {
  it('SQLite: a write lock another process holds past busy_timeout', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-busy-'));
    const file = path.join(dir, 'db.sqlite');
    const holder = new SqliteDatabase(file);
    const waiter = new SqliteDatabase(file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('create table t (x integer)');
      waiter.pragma('busy_timeout = 10');
      holder.exec('begin immediate');
      const err = errorOf(() => waiter.exec('begin immediate'));
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(databaseRefusal(err)).toBeNull();
    } finally {
      holder.close();
      waiter.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: nothing listening at the address', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/test`, connectionTimeoutMillis: 2000 });
    const err = await asyncErrorOf(() => client.connect());
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('PostgreSQL: a pool that cannot connect in time', async () => {
    // A listener that accepts and never answers: pg gives up after connectionTimeoutMillis.
    const net = await import('node:net');
    const silent = net.createServer(() => {});
    const port = await new Promise<number>((resolve) => silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)));
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/test`, connectionTimeoutMillis: 100 });
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/test`, connectionTimeoutMillis: 100 });
    try {
      expect(isDatabaseUnavailable(await asyncErrorOf(() => pool.query('select 1')))).toBe(true);
      expect(isDatabaseUnavailable(await asyncErrorOf(() => client.connect()))).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it('is not a bug, a refusal or a missing table', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01', severity: 'ERROR' }))).toBe(false);
  });
});
