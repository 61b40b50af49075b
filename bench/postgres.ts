import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../server/db/database';

/** The server a PostgreSQL benchmark runs on: TEST_DATABASE_URL, else DATABASE_URL, else the local test database. */
export const BENCH_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchSchema {
  /** The app's handle on the schema (migrations not yet run). */
  handle: DatabaseHandle;
  /** A connection of the benchmark's own, in the schema: bulk seeding and EXPLAIN. */
  client: pg.Client;
  /** Drops the schema and closes the client. */
  drop(): Promise<void>;
}

/** A fresh schema of its own (`<prefix>_<random>`), so a benchmark never touches other data. */
export async function benchSchema(prefix: string): Promise<BenchSchema> {
  const schema = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(`create schema ${schema}`);
  return {
    handle: openPostgres(BENCH_POSTGRES_URL, schema),
    client,
    drop: async () => {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}
