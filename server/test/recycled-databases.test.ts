import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from './databases';
import { failWritesTo } from './failing-writes';
import { signUpVerified, startTestServerOn, ADMIN_EMAIL } from './server';
import { buildStoryInput } from '../features/stories/test-support-builders';
import { addGreeting } from '../features/greetings/test-support';

/** Every row of every table, every sequence's state, and the tables' and sequences' names, as text. */
async function contentsOf(database: TestDatabase): Promise<Record<string, string | null>> {
  const client = new pg.Client({ connectionString: database.env.DATABASE_LISTEN_URL ?? database.env.DATABASE_URL });
  await client.connect();
  try {
    const contents: Record<string, string | null> = {};
    const { rows: relations } = await client.query<{ name: string; kind: string }>(
      `select relname as name, relkind as kind from pg_class where relnamespace = current_schema()::regnamespace and relkind in ('r', 'S') order by relname`,
    );
    for (const { name, kind } of relations) {
      const query = kind === 'S' ? `select last_value || ' ' || is_called as state from "${name}"` : `select array_agg(_row::text order by _row::text) as state from "${name}" _row`;
      contents[name] = (await client.query<{ state: string | null }>(query)).rows[0]!.state;
    }
    return contents;
  } finally {
    await client.end();
  }
}

const directUrl = (database: TestDatabase) => database.env.DATABASE_LISTEN_URL ?? database.env.DATABASE_URL!;
const databaseName = (database: TestDatabase) => new URL(directUrl(database)).pathname.slice(1);

/** The database's oid (a rename keeps it), or null when no database has that name. */
async function oidOf(name: string): Promise<number | null> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ oid: number }>('select oid from pg_database where datname = $1', [name]);
    return rows[0]?.oid ?? null;
  } finally {
    await admin.end();
  }
}

describe.runIf(testDialects().includes('postgres'))('PostgreSQL test databases used again', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.drop();
  });

  it('are, once emptied, what a fresh copy of the template is, row for row', async () => {
    const used = await createTestDatabase('postgres', { migrated: true, fresh: true });
    const usedOid = await oidOf(databaseName(used));
    const server = await startTestServerOn(used);
    // Rows in many tables, the template's own rows changed, sequences moved on.
    const owner = await signUpVerified(server, { email: ADMIN_EMAIL });
    const writer = await signUpVerified(server);
    expect((await writer.client.post('/api/stories', buildStoryInput({ public: true }))).status).toBe(201);
    await addGreeting(owner.client, 'Hello from a used database');
    expect((await owner.client.post('/api/admin/greetings/disable-all', {})).status).toBe(200);
    await server.stop();

    const fresh = await createTestDatabase('postgres', { migrated: true, fresh: true });
    opened.push(fresh);
    const again = await createTestDatabase('postgres', { migrated: true });
    opened.push(again);
    expect(await oidOf(databaseName(again))).toBe(usedOid);
    expect(await contentsOf(again)).toEqual(await contentsOf(fresh));
  });

  it('are out of reach of whatever the file that used them left connected', async () => {
    const used = await createTestDatabase('postgres', { migrated: true });
    // A pool the test never closed, through PgBouncer when the suite uses it: its next query
    // would open a new server connection, to the next file's database if it kept its name.
    const leftOpen = used.reopen();
    await leftOpen.db.selectFrom('users').select('uid').execute();
    await used.drop();
    expect(await oidOf(databaseName(used))).toBeNull();
    // Straight to PostgreSQL: PgBouncer would keep a client for a database that does not exist waiting (query_wait_timeout).
    const stray = new pg.Client({ connectionString: directUrl(used) });
    await expect(stray.connect().then(() => stray.query('select 1'))).rejects.toThrow(/does not exist/);
    await stray.end().catch(() => {});
  });

  it('are dropped instead when a test changed their schema', async () => {
    const changed = await createTestDatabase('postgres', { migrated: true, fresh: true });
    await failWritesTo(changed.handle.db, 'postgres', 'notifications', true);
    await changed.drop();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [databaseName(changed)]);
      expect(rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
