import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getMigrations } from 'better-auth/db/migration';
import { Migrator, sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../auth/auth';
import { hashPassword } from '../../auth/password';
import { loadConfig } from '../../config';
import { migrationProvider } from '../../db/migrations';
import { createStorage } from '../../storage';
import { generateVapidKeys } from '../../features/push/vapid';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { startTestServerOn, type TestServer } from '../../test/server';
import { createBackup } from './backup';
import { FIXTURE } from './fixtures/fixture';
import { restoreInto } from '../../test/backup';

/**
 * Backups made by earlier versions keep restoring:
 * - fixtures/drabble-backup-v1.zip was written by this code at schema 0016_backups and is never
 *   regenerated: every migration added later makes it an older backup, restored here each time;
 * - and a backup made now of a database held at an earlier migration (0012) shows the forward
 *   migrations running over restored rows today.
 */
const fixtureFile = path.join(import.meta.dirname, 'fixtures', FIXTURE.file);
const OLD_SCHEMA = '0012_writing_habits';

describe.each(testDialects())('restoring an older backup on %s', (dialect) => {
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-older-'));
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const database of databases) await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`restores the committed fixture (schema ${FIXTURE.schemaVersion}) and brings it to this version's schema`, async () => {
    const target = await createTestDatabase(dialect);
    databases.push(target);
    const { manifest } = await restoreInto(target, fixtureFile);
    expect(manifest.schemaVersion).toBe(FIXTURE.schemaVersion);
    const applied = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target.handle.db)).rows.map((r) => r.name);
    expect(applied).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());

    const server = await startTestServerOn(target, { AUTH_SECRET: '' });
    servers.push(server);
    const client = server.client();
    const signedIn = await client.post<{ user: { id: string } }>('/api/auth/sign-in/email', { email: FIXTURE.email, password: FIXTURE.password });
    expect(signedIn.status).toBe(200);
    const mine = await client.get<{ stories: Array<{ title: string }> }>('/api/stories/mine');
    expect(mine.body.stories.map((s) => s.title)).toEqual([FIXTURE.storyTitle]);
    const avatar = manifest.files[0]!;
    const image = await fetch(new URL(`/api/images/profile/${signedIn.body.user.id}`, server.config.publicUrl));
    expect(crypto.createHash('sha256').update(Buffer.from(await image.arrayBuffer())).digest('hex')).toBe(avatar.sha256);
  });

  it(`restores a backup of a database still at ${OLD_SCHEMA}, running the later migrations over its rows`, async () => {
    const old = await createTestDatabase(dialect);
    databases.push(old);
    const config = loadConfig({ ...old.env, LOG_LEVEL: 'silent' });
    const { db } = old.handle;
    const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    const migrated = await new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, migrationTableSchema: schema }).migrateTo(OLD_SCHEMA);
    expect(migrated.error).toBeUndefined();
    const auth = createAuth({ config, db, dialect, secret: 'an-older-install-secret-of-32-chars!!', logger: pino({ level: 'silent' }), onSignedIn: async () => {}, onPreRegistrationRemoved: async () => {}, onSessionEnded: async () => {} });
    await (await getMigrations(auth.options)).runMigrations();
    // An account and a story as that version wrote them.
    const uid = 'older-writer-uid-000000000000001';
    const at = '2026-01-02T03:04:05.000Z';
    await db.insertInto('users').values({ uid, name: 'Old Timer', email: 'old@example.com', first: '', last: '', created_at: at, lastActive: at, admin: 0, profileImage: null, displayName: 'Old Timer' }).execute();
    await sql`insert into "authUsers" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${uid}, 'Old Timer', 'old@example.com', ${dialect === 'postgres' ? sql`true` : sql`1`}, ${at}, ${at})`.execute(db);
    await sql`insert into "authAccounts" (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt") values ('older-account-id', ${uid}, 'credential', ${uid}, ${await hashPassword('an old password')}, ${at}, ${at})`.execute(db);
    await db
      .insertInto('stories')
      .values({
        id: 'olderStoryId00000001', uid, title: 'From before', content: 'Written long ago.', public: 1, wordCount: 3, charCount: 17, preview: 'Written long ago.', created_at: at, updated_at: at,
        madePublicAt: at, publishedAt: at, madePrivateAt: null, promptGenre: null, promptTheme: null, promptTwist: null,
        authorDisplayName: 'Old Timer', authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
      })
      .execute();

    const file = path.join(dir, `old-${dialect}.zip`);
    const { manifest } = await createBackup(
      { dialect, db, sqliteFile: dialect === 'sqlite' ? path.join(old.dataDir, 'drabble.sqlite') : null, storage: createStorage(config), authSecret: 'an-older-install-secret-of-32-chars!!', vapidKeys: generateVapidKeys() },
      file,
    );
    expect(manifest.schemaVersion).toBe(OLD_SCHEMA);
    expect(manifest.tables.map((t) => t.name)).not.toContain('importFingerprints');

    for (const into of testDialects()) {
      const target = await createTestDatabase(into);
      databases.push(target);
      await restoreInto(target, file);
      const server = await startTestServerOn(target, { AUTH_SECRET: '' });
      servers.push(server);
      const client = server.client();
      expect((await client.post('/api/auth/sign-in/email', { email: 'old@example.com', password: 'an old password' })).status, into).toBe(200);
      const story = await client.get<{ story: { title: string } }>('/api/stories/olderStoryId00000001');
      expect(story.body.story.title, into).toBe('From before');
      // Tables of the later migrations exist and work.
      expect(await server.ctx.db.selectFrom('importFingerprints').select('uid').execute()).toEqual([]);
      expect(await server.ctx.db.selectFrom('backupSchedule').select('id').execute()).toEqual([{ id: 1 }]);
    }
  }, 60_000);
});
