import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Dialect } from '../../db/database';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { startTestServer, startTestServerOn, type TestServer } from '../../test/server';
import { TestClient } from '../../test/client';
import { createBackup } from './backup';
import { backupSourceOf } from './source';
import { federationSettled, populate, restoreInto, tablesOf } from '../../test/backup';

/** Moving between databases needs both: PostgreSQL comes with TEST_DATABASE_URL (required under CI). */
const both = testDialects().includes('postgres');
const MOVES: Array<[Dialect, Dialect]> = [
  ['sqlite', 'postgres'],
  ['postgres', 'sqlite'],
];

describe.skipIf(!both).each(MOVES)('a backup from %s restored into %s', (from, to) => {
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-move-'));
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const database of databases) await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds every row of every table, and writers sign in with their old passwords, keep their sessions and their avatars', async () => {
    const source = await startTestServer(from);
    servers.push(source);
    const { ada, bob, storyId } = await populate(source);
    const avatar = Buffer.from(await (await fetch(new URL(`/api/images/profile/${ada.uid}`, source.config.publicUrl))).arrayBuffer());
    expect(avatar.length).toBeGreaterThan(0);
    // The sign-up emails leave through the queue on their own time: let them go before the
    // backup, or one sent between the backup and the read below is in one and not the other.
    await vi.waitFor(async () => expect(await source.ctx.db.selectFrom('emailQueue').select('id').execute()).toEqual([]), { timeout: 15_000, interval: 50 });
    // Likewise the federation's note of which stories went out: a full pass now, so no later one writes.
    await federationSettled(source);
    const file = path.join(dir, `${from}.zip`);
    const { manifest } = await createBackup(backupSourceOf(source.ctx), file);
    expect(manifest.engine).toBe(from);
    const before = await tablesOf(source.database, from);

    const target = await createTestDatabase(to);
    await restoreInto(target, file);
    const after = await tablesOf(target, to);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const [name, rows] of Object.entries(before)) if (name !== 'liveEventSeq') expect(after[name], name).toEqual(rows);

    // The restored install uses the backup's auth secret (DATA_DIR/auth-secret): no AUTH_SECRET here.
    const moved = await startTestServerOn(target, { AUTH_SECRET: '' });
    servers.push(moved);
    const signedIn = new TestClient(moved.config.publicUrl).adopt(ada.client);
    expect((await signedIn.get<{ user: { uid: string } }>('/api/me')).body.user.uid).toBe(ada.uid);
    for (const writer of [ada, bob]) {
      const fresh = moved.client();
      expect((await fresh.post('/api/auth/sign-in/email', { email: writer.email, password: writer.password })).status).toBe(200);
      expect((await fresh.post('/api/auth/sign-in/email', { email: writer.email, password: 'not the password' })).status).toBe(401);
    }
    const image = await fetch(new URL(`/api/images/profile/${ada.uid}`, moved.config.publicUrl));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(avatar)).toBe(true);

    const story = await moved.client().get<{ story: { title: string; commentsCount: number; likesCount: number } }>(`/api/stories/${storyId}`);
    expect(story.body.story).toMatchObject({ title: 'The lighthouse', commentsCount: 1, likesCount: 1 });
    const inbox = await signedIn.get<{ conversations: unknown[] }>('/api/conversations');
    expect(inbox.body.conversations).toHaveLength(1);
    // New writing lands after the restored rows (PostgreSQL's sequences were moved on).
    expect((await signedIn.post('/api/stories', { title: 'After the move', content: 'New words on a new database.', public: true })).status).toBe(201);
  }, 120_000);
});
