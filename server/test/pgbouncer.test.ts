import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIniValues } from './debian';
import { startPgBouncer, type RunningPgBouncer } from './pgbouncer';
import { testDialects } from './databases';

describe('setIniValues', () => {
  it('replaces the named keys in their section, appends missing ones and keeps everything else', () => {
    const text = ['; comment = kept', '[databases]', '* = host=a port=1', '', '[pgbouncer]', 'listen_port = 6432', ';listen_addr = x', 'pool_mode = transaction', ''].join('\n');
    expect(setIniValues(text, { databases: { '*': 'host=b port=2' }, pgbouncer: { listen_port: '7001', logfile: '' } })).toBe(
      ['; comment = kept', '[databases]', '* = host=b port=2', '', '[pgbouncer]', 'listen_port = 7001', ';listen_addr = x', 'pool_mode = transaction', 'logfile = ', ''].join('\n'),
    );
  });
});

async function query<T extends pg.QueryResultRow>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query<T>(text)).rows;
}

describe.skipIf(!testDialects().includes('postgres'))('startPgBouncer (deploy/pgbouncer.ini)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `pgbouncer_${crypto.randomBytes(5).toString('hex')}`;
  let bouncer: RunningPgBouncer;
  const clients: pg.Client[] = [];

  const connect = async (database: string) => {
    const url = new URL(bouncer.url);
    url.pathname = `/${database}`;
    // What the server's pool sends: statement_timeout in the startup packet.
    const client = new pg.Client({ connectionString: url.toString(), statement_timeout: 30_000 } as pg.ClientConfig);
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    bouncer = await startPgBouncer({ targetUrl: serverUrl, poolSize: 1 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await bouncer?.stop();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('maps any database name through, with the statement timeout the server asks for', async () => {
    const client = await connect(name);
    expect(await query(client, 'select current_database() as db')).toEqual([{ db: name }]);
    expect(await query(client, 'show statement_timeout')).toEqual([{ statement_timeout: '30s' }]);
  });

  it('pools by transaction: two clients share one server connection between their transactions', async () => {
    const a = await connect(name);
    const b = await connect(name);
    // With a pool of one, session pooling would keep b waiting for as long as a is connected.
    const [pidA] = await query<{ pid: number }>(a, 'select pg_backend_pid() as pid');
    const [pidB] = await query<{ pid: number }>(b, 'select pg_backend_pid() as pid');
    expect(pidB!.pid).toBe(pidA!.pid);
    // Session state does not follow a client: a SET outside a transaction is gone for it, or
    // worse, lands on whoever gets the connection next. Drabble sets nothing outside a transaction.
    await b.query("set application_name = 'leaked'");
    expect(await query(a, 'show application_name')).toEqual([{ application_name: 'leaked' }]);
  });

  it('stops, and its port refuses connections afterwards', async () => {
    const other = await startPgBouncer({ targetUrl: serverUrl });
    await other.stop();
    const client = new pg.Client({ connectionString: other.url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    await expect(client.connect()).rejects.toThrow();
  });
});
