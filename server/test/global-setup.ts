import crypto from 'node:crypto';
import pg from 'pg';
import { startPgBouncer, type RunningPgBouncer } from './pgbouncer';
import { testDatabasePattern } from './databases';

/**
 * The API suite's set-up, once per run. With TEST_THROUGH_PGBOUNCER=true (CI sets it) every
 * server of the suite reaches TEST_DATABASE_URL's PostgreSQL through a real PgBouncer in
 * transaction pooling mode, started from deploy/pgbouncer.ini: anything that relies on
 * session state fails there. The test files read its address from TEST_PGBOUNCER_URL
 * (server/test/databases.ts); the harness's own set-up connections go direct.
 *
 * The run's PostgreSQL databases carry TEST_RUN_ID in their names: the tear-down drops those
 * the workers kept to use again (server/test/recycled-databases.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const runId = crypto.randomBytes(4).toString('hex');
  process.env.TEST_RUN_ID = runId;
  const targetUrl = process.env.TEST_DATABASE_URL;
  let bouncer: RunningPgBouncer | null = null;
  if (process.env.TEST_THROUGH_PGBOUNCER === 'true') {
    if (!targetUrl) throw new Error('TEST_THROUGH_PGBOUNCER=true needs TEST_DATABASE_URL');
    bouncer = await startPgBouncer({ targetUrl });
    process.env.TEST_PGBOUNCER_URL = bouncer.url;
  }
  return async () => {
    await bouncer?.stop();
    if (targetUrl) await dropRunDatabases(targetUrl, runId);
  };
}

async function dropRunDatabases(url: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where datname like $1', [testDatabasePattern(runId)]);
    for (const { name } of rows) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
