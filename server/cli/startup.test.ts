import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/api-fixture';
import { signUp } from '../test/server';
import { buildCommandLine, drabble, drabbleProcess } from '../test/cli';

/*
 * Every command opens the install as the server starts (server/cli/install.ts), while the
 * server keeps serving writes. On PostgreSQL that start must not wait on rows the server has
 * locked, and a start that fails must end the command, not leave it hanging.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a command starting beside a busy server (PostgreSQL)', () => {
  let holder: pg.Client;
  beforeAll(async () => {
    buildCommandLine();
  });
  const api = useTestServer('postgres');
  beforeAll(async () => {
    holder = new pg.Client({ connectionString: api.server.env.DATABASE_URL });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
  });

  /** The install's environment, its database sessions giving up on any lock after `ms`. */
  function impatient(ms: number): Record<string, string> {
    // Straight to PostgreSQL (DATABASE_LISTEN_URL is the direct address when the suite runs
    // through PgBouncer, which refuses the `options` startup parameter).
    const url = new URL(api.server.env.DATABASE_LISTEN_URL ?? api.server.env.DATABASE_URL!);
    url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c lock_timeout=${ms}`.trim());
    return { ...api.server.env, DATABASE_URL: url.toString() };
  }

  /** Runs `work` while another session holds this users row locked, as a request writing it does. */
  async function whileLocked<T>(uid: string, work: () => Promise<T>): Promise<T> {
    await holder.query('begin');
    try {
      await holder.query('select uid from users where uid = $1 for update', [uid]);
      return await work();
    } finally {
      await holder.query('rollback');
    }
  }

  it('does not wait on rows it has nothing to change in', async () => {
    const quiet = await signUp(api.server, { name: 'Quiet' });
    const run = await whileLocked(quiet.uid, () => drabble(['recount'], impatient(2000)));
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
  });

  it('ends with the error when its start fails, instead of hanging on the live-event listener', async () => {
    // An admin whose address is unverified: the start's owner rule (auth/owner.ts) takes admin away, which must wait for the lock.
    const stale = await signUp(api.server, { name: 'Stale admin' });
    await api.server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', stale.uid).execute();
    const run = await whileLocked(stale.uid, () => drabbleProcess(['recount'], impatient(500)));
    expect(run).toMatchObject({ code: 1, out: '' });
    expect(run.err).toMatch(/^drabble recount failed: canceling statement due to lock timeout/);
  });
});
