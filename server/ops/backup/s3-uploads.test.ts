import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImageKey } from '../../features/avatars';
import { S3Storage } from '../../storage/s3';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { startS3Server, type TestS3 } from '../../test/s3';
import { startTestServer, startTestServerOn, type TestServer } from '../../test/server';
import { createBackup } from './backup';
import { backupSourceOf } from './source';
import { populate, restoreInto, tablesOf } from '../../test/backup';

describe.each(testDialects())('backup and restore of an install whose uploads are in S3, on %s', (dialect) => {
  let from: TestS3;
  let to: TestS3;
  let dir: string;
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];

  beforeAll(async () => {
    from = await startS3Server({ bucket: 'drabble-before' });
    to = await startS3Server({ bucket: 'drabble-after' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-s3-backup-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const database of databases) await database.drop();
    await from.stop();
    await to.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the files from the bucket into the backup and writes them back to a bucket on restore', async () => {
    const source = await startTestServer(dialect, from.env);
    servers.push(source);
    const { ada, bob } = await populate(source);
    const key = profileImageKey(ada.uid);
    // The avatar went to the bucket, not to DATA_DIR.
    expect(await from.keys()).toEqual([key]);
    expect(fs.existsSync(path.join(source.database.dataDir, 'uploads'))).toBe(false);
    const stored = (await new S3Storage(from.settings).get(key))!;

    const file = path.join(dir, `${dialect}.zip`);
    const { manifest } = await createBackup(backupSourceOf(source.ctx), file);
    expect(manifest.files.map((f) => [f.key, f.contentType, f.bytes])).toEqual([[key, stored.contentType, stored.bytes.length]]);
    expect(manifest.missingFiles).toEqual([]);

    const target = await createTestDatabase(dialect);
    databases.push(target);
    const result = await restoreInto(target, file, { env: to.env });
    expect(result.manifest.files).toHaveLength(1);
    expect(await to.keys()).toEqual([key]);
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
    const restored = (await new S3Storage(to.settings).get(key))!;
    expect(restored.contentType).toBe(stored.contentType);
    expect(Buffer.from(restored.bytes).equals(Buffer.from(stored.bytes))).toBe(true);

    // The restored install serves the avatar from its bucket; Bob has none.
    const moved = await startTestServerOn(target, { ...to.env, AUTH_SECRET: '' });
    servers.push(moved);
    const image = await fetch(new URL(`/api/images/profile/${ada.uid}`, moved.config.publicUrl));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(stored.bytes))).toBe(true);
    expect((await fetch(new URL(`/api/images/profile/${bob.uid}`, moved.config.publicUrl))).status).toBe(404);
  }, 120_000);

  it('a restore whose bucket does not exist fails and rolls the database back', async () => {
    const file = path.join(dir, `${dialect}.zip`);
    const target = await createTestDatabase(dialect);
    databases.push(target);
    await restoreInto(target, file, { env: to.env });
    // A change since: a restore that went through would bring the comment back.
    await target.handle.db.deleteFrom('storyComments').execute();
    const before = await tablesOf(target, dialect);
    expect(before.storyComments).toEqual([]);
    await expect(restoreInto(target, file, { force: true, env: { ...to.env, S3_BUCKET: 'no-such-bucket' } })).rejects.toThrow(/answered 404 NoSuchBucket/);
    expect(await tablesOf(target, dialect)).toEqual(before);
  }, 120_000);
});
