import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { migrateToLatest, migrationState } from './database';

/*
 * Installs (and parallel test runs) that share one PostgreSQL database, each in a schema of its
 * own, create and drop schemas; one dropped while another install starts (its migrator and
 * better-auth's list its tables) must not fail that start (db/own-schema-introspector.ts).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('migrating beside schemas that come and go (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { inSchema: true });
    await migrateToLatest(database.handle.db);
  });
  afterAll(async () => {
    await database.handle.close();
    await database.drop();
  });

  it('reads its own migrations while other schemas are created and dropped', async () => {
    const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await churn.connect();
    let running = true;
    const churning = (async () => {
      while (running) {
        const schema = `churn_${crypto.randomBytes(4).toString('hex')}`;
        await churn.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, a text, b text, c text, d text)`);
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let n = 0; n < 15; n++) {
        await migrateToLatest(database.handle.db);
        expect((await migrationState(database.handle.db)).pending).toEqual([]);
        // What better-auth reads at every start to find its tables.
        const tables = await database.handle.db.introspection.getTables();
        expect(tables.find((t) => t.name === 'users')?.columns.map((c) => c.name)).toContain('followersCount');
        expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
      }
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
  });
});
