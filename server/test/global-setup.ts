import { startPgBouncer } from './pgbouncer';

/**
 * The API suite's set-up, once per run. With TEST_THROUGH_PGBOUNCER=true (CI sets it) every
 * server of the suite reaches TEST_DATABASE_URL's PostgreSQL through a real PgBouncer in
 * transaction pooling mode, started from deploy/pgbouncer.ini: anything that relies on
 * session state fails there. The test files read its address from TEST_PGBOUNCER_URL
 * (server/test/databases.ts); the harness's own set-up connections go direct.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_THROUGH_PGBOUNCER !== 'true') return undefined;
  const targetUrl = process.env.TEST_DATABASE_URL;
  if (!targetUrl) throw new Error('TEST_THROUGH_PGBOUNCER=true needs TEST_DATABASE_URL');
  const bouncer = await startPgBouncer({ targetUrl });
  process.env.TEST_PGBOUNCER_URL = bouncer.url;
  return () => bouncer.stop();
}
