import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { loadConfig } from '../config';
import type { Dialect } from '../db/database';
import { createStorage } from '../storage';
import { pngOf } from './images';
import { createTestDatabase, type TestDatabase } from './databases';
import type { TestClient } from './client';
import { signUp, startTestServer, type SignedUp, type TestServer } from './server';
import { NOT_CARRIED } from '../ops/backup/carried';
import { openSnapshot, type Snapshot } from '../ops/backup/snapshot';
import { restoreBackup, type RestoreResult } from '../ops/backup/restore';
import { toPortable } from '../ops/backup/values';
import { federationOf } from '../features/federation';

/** Test helper: every carried table as rows of portable values (booleans as 0/1, so both databases compare), sorted. */
export async function readTables(snapshot: Snapshot): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of snapshot.tables) {
    if (table.name in NOT_CARRIED) continue;
    const rows: string[] = [];
    for await (const page of snapshot.rows(table)) {
      for (const row of page) {
        const values = row.map((value, i) => {
          const portable = toPortable(table.columns[i]!.type, value);
          return typeof portable === 'boolean' ? (portable ? 1 : 0) : portable;
        });
        rows.push(JSON.stringify(Object.fromEntries(table.columns.map((c, i) => [c.name, values[i]]))));
      }
    }
    tables[table.name] = rows.sort();
  }
  return tables;
}

/** Test helper: every carried table of a test database, read in one snapshot. */
export async function tablesOf(database: TestDatabase, dialect: Dialect): Promise<Record<string, string[]>> {
  const snapshot = await openSnapshot({ dialect, db: database.handle.db, sqliteFile: dialect === 'sqlite' ? `${database.dataDir}/drabble.sqlite` : null });
  try {
    return await readTables(snapshot);
  } finally {
    await snapshot.close();
  }
}

/** Test helper: restores `file` into the test database with its own environment (as the command line would). */
export async function restoreInto(database: TestDatabase, file: string, options: { force?: boolean; env?: Record<string, string> } = {}): Promise<RestoreResult> {
  const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent', ...options.env });
  return restoreBackup(file, { config, database: database.handle, storage: createStorage(config), logger: pino({ level: 'silent' }) }, { force: options.force });
}

/** Test helper: a fresh database of `dialect` with `file` restored into it. */
export async function restoredDatabase(dialect: Dialect, file: string): Promise<{ database: TestDatabase; result: RestoreResult }> {
  const database = await createTestDatabase(dialect);
  return { database, result: await restoreInto(database, file) };
}

/** Posts a file as the browser's form would: multipart/form-data, field `file`. */
export async function uploadAvatar(client: TestClient, bytes: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'avatar.png');
  const res = await fetch(new URL('/api/me/profile-image', client.baseUrl), { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } });
  expect(res.status).toBe(200);
}

export interface Community {
  ada: SignedUp;
  bob: SignedUp;
  storyId: string;
}

/**
 * Test helper: an install with one of everything a writer cares about: two writers (one with
 * an avatar), a public story with two tags, edited once (a version), a comment, a reaction, a follow, a
 * direct message, and the streak, writing day and badge the story earned.
 */
export async function populate(server: TestServer): Promise<Community> {
  const ada = await signUp(server, { name: 'Ada' });
  const bob = await signUp(server, { name: 'Bob' });
  // Old enough to start a conversation (the 24-hour rule).
  const dayAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
  await server.ctx.db.updateTable('users').set({ created_at: dayAgo }).where('uid', 'in', [ada.uid, bob.uid]).execute();
  await uploadAvatar(ada.client, await pngOf(320, 240, '#1f7a4d'));
  const story = await ada.client.post<{ story: { id: string } }>('/api/stories', { title: 'The lighthouse', content: 'The keeper counted ships that never came.', public: true, tags: ['Sea', 'night watch'] });
  expect(story.status).toBe(201);
  const storyId = story.body.story.id;
  expect((await ada.client.patch(`/api/stories/${storyId}`, { title: 'The lighthouse', content: 'The keeper counted ships that never came, and then one did.' })).status).toBe(200);
  expect((await bob.client.post(`/api/stories/${storyId}/comments`, { text: 'What an ending!' })).status).toBe(201);
  expect((await bob.client.send('PUT', `/api/stories/${storyId}/reactions/heart`)).status).toBe(200);
  expect((await bob.client.post(`/api/follows/${ada.uid}`)).status).toBe(200);
  expect((await ada.client.post(`/api/follows/${bob.uid}`)).status).toBe(200);
  expect((await ada.client.post('/api/conversations', { to: bob.uid, text: 'Thank you for reading!' })).status).toBe(201);
  return { ada, bob, storyId };
}

/** What a backup test works with: a running server, a directory for its files, and fresh databases to restore into. */
export interface BackupBench {
  server: TestServer;
  dir: string;
  /** A new empty database of the dialect, dropped after the file's tests. */
  fresh(): Promise<TestDatabase>;
}

/**
 * Registers the describe block's set-up and tear-down for a backup test: a server (populated
 * with a small community when `populated`), a temp directory, and the databases `fresh` made.
 * The fields are filled in before the first test runs.
 */
export function useBackupBench(dialect: Dialect, options: { populated?: boolean } = {}): BackupBench {
  const databases: TestDatabase[] = [];
  const bench = {
    fresh: async () => {
      const database = await createTestDatabase(dialect);
      databases.push(database);
      return database;
    },
  } as BackupBench;
  beforeAll(async () => {
    bench.server = await startTestServer(dialect);
    if (options.populated) await populate(bench.server);
    bench.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-backup-test-'));
  });
  afterAll(async () => {
    await bench.server?.stop();
    for (const database of databases) await database.drop();
    if (bench.dir) fs.rmSync(bench.dir, { recursive: true, force: true });
  });
  return bench;
}

/**
 * Waits for the federation's background work (the story sync's claims, the queue) to be done,
 * so a backup and a read of the tables after it see the same rows.
 */
export async function federationSettled(server: TestServer): Promise<void> {
  const federation = federationOf(server.ctx);
  if (!federation) return;
  federation.stories.trigger();
  await federation.stories.settled();
  await vi.waitFor(async () => expect(await server.ctx.db.selectFrom('fedQueue').select('id').execute()).toEqual([]), { timeout: 15_000, interval: 50 });
}
