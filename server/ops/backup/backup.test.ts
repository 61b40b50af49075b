import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { REACTION_KINDS } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { signUp, startTestServerOn } from '../../test/server';
import { openArchive, readWhole } from './archive';
import { createBackup } from './backup';
import { LIVE_EVENT_ID_JUMP, NOT_CARRIED } from './carried';
import { MANIFEST_ENTRY, type Manifest } from './format';
import { RESTORE_WARNINGS, RestoreRefused } from './restore';
import { generateVapidKeys, resolveVapidKeys } from '../../features/push/vapid';
import { backupSourceOf } from './source';
import { populate, readTables, restoreInto, tablesOf, useBackupBench } from '../../test/backup';

const WRITERS = 6;
const ROUNDS = 8;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

describe.each(testDialects())('backup and restore on %s', (dialect) => {
  const bench = useBackupBench(dialect);

  it('a backup taken during a burst of writes restores to exactly the rows committed before its snapshot, in every table', async () => {
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signUp(bench.server, { name: `Burst ${i}` })));
    const stories: Array<{ id: string; startedAt: number; ackedAt: number }> = [];
    const seed = await writers[0]!.client.post<{ story: { id: string } }>('/api/stories', { title: 'Seed', content: 'The first words.', public: true });
    stories.push({ id: seed.body.story.id, startedAt: 0, ackedAt: 0 });
    // The backup starts once a few stories are in, while every writer is still busy.
    let underWay!: () => void;
    const enough = new Promise<void>((resolve) => (underWay = resolve));
    let onStory = () => {};

    // Every writer posts, comments and reacts without pause until its rounds are done.
    const burst = writers.map(async (writer, w) => {
      for (let round = 0; round < ROUNDS; round++) {
        const startedAt = performance.now();
        const posted = await writer.client.post<{ story: { id: string } }>('/api/stories', { title: `Burst ${w}.${round}`, content: `Words from writer ${w}, round ${round}.`, public: true });
        expect(posted.status).toBe(201);
        stories.push({ id: posted.body.story.id, startedAt, ackedAt: performance.now() });
        if (stories.length > WRITERS * 2) underWay();
        onStory();
        const target = stories[(w * 7 + round * 3) % stories.length]!;
        expect((await writer.client.post(`/api/stories/${target.id}/comments`, { text: `Comment ${w}.${round}` })).status).toBe(201);
        expect((await writer.client.send('PUT', `/api/stories/${target.id}/reactions/${REACTION_KINDS[round % REACTION_KINDS.length]}`)).status).toBe(200);
      }
    });
    // (A writer that fails ends the wait too, and the test with it.)
    await Promise.race([enough, Promise.all(burst)]);

    const file = path.join(bench.dir, `burst-${dialect}.zip`);
    const calledAt = performance.now();
    let seen: Record<string, string[]> = {};
    let seenUntil = 0;
    const { manifest } = await createBackup(backupSourceOf(bench.server.ctx), file, {
      // What the snapshot holds, read through the backup's own transaction while the writes go on.
      onSnapshot: async (snapshot) => {
        seen = await readTables(snapshot);
        seenUntil = performance.now();
        // Let more writes commit before the backup reads a row: it must not see them.
        const mark = stories.length;
        await new Promise<void>((resolve) => (onStory = () => stories.length >= mark + WRITERS && resolve()));
      },
    });
    await Promise.all(burst);

    const restored = await bench.fresh();
    const result = await restoreInto(restored, file);
    const after = await tablesOf(restored, dialect);
    expect(Object.keys(after).sort()).toEqual(Object.keys(seen).sort());
    // Every table row for row; the live-event counter, moved on by design, is checked below.
    for (const [name, rows] of Object.entries(seen)) if (name !== 'liveEventSeq') expect(after[name], name).toEqual(rows);
    expect(result.tables).toEqual(manifest.tables.map((t) => ({ name: t.name, rows: seen[t.name]!.length })));
    expect(Object.keys(seen).sort()).toEqual(manifest.tables.map((t) => t.name).sort());
    expect(manifest.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['authUsers', 'authAccounts', 'authSessions', 'users', 'stories', 'storyComments']));

    // The snapshot is one instant: everything acknowledged before the backup began is in it,
    // nothing begun after the snapshot was read, and the writes in between were not split.
    const inBackup = new Set(seen.stories!.map((row) => (JSON.parse(row) as { id: string }).id));
    for (const story of stories) {
      if (story.ackedAt < calledAt) expect(inBackup.has(story.id)).toBe(true);
      if (story.startedAt > seenUntil) expect(inBackup.has(story.id)).toBe(false);
    }
    expect(inBackup.size).toBeLessThan(stories.length);
    const comments = seen.storyComments!.map((row) => JSON.parse(row) as { storyId: string });
    const reactions = seen.storyReactions!.map((row) => JSON.parse(row) as { storyId: string });
    for (const row of seen.stories!) {
      const story = JSON.parse(row) as { id: string; commentsCount: number; likesCount: number };
      expect(story.commentsCount).toBe(comments.filter((c) => c.storyId === story.id).length);
      expect(story.likesCount).toBe(reactions.filter((r) => r.storyId === story.id).length);
    }

    // What is left out on purpose stays out; the live-event counter moves past every id handed out.
    expect(manifest.notCarried.map((t) => t.name).sort()).toEqual(Object.keys(NOT_CARRIED).sort());
    const before = JSON.parse(seen.liveEventSeq![0]!) as { last: number };
    const counter = await restored.handle.db.selectFrom('liveEventSeq').select('last').executeTakeFirstOrThrow();
    expect(Number(counter.last)).toBe(before.last + LIVE_EVENT_ID_JUMP);
    expect(await restored.handle.db.selectFrom('liveEvents').select('id').execute()).toEqual([]);
    expect(await restored.handle.db.selectFrom('liveStreams').select('id').execute()).toEqual([]);
    expect(await restored.handle.db.selectFrom('rateLimits').select('key').execute()).toEqual([]);
  }, 120_000);

  it('refuses a database that holds accounts unless forced, and refuses a damaged backup, changing nothing', async () => {
    await populate(bench.server);
    const file = path.join(bench.dir, `good-${dialect}.zip`);
    const { manifest } = await createBackup(backupSourceOf(bench.server.ctx), file);
    const target = await bench.fresh();
    await restoreInto(target, file);
    const secretFile = path.join(target.dataDir, 'auth-secret');
    const state = async () => ({ tables: await tablesOf(target, dialect), secret: fs.readFileSync(secretFile, 'utf8'), vapidKeys: fs.readFileSync(path.join(target.dataDir, 'vapid-keys.json'), 'utf8') });
    const before = await state();

    // Already holding accounts: refused, unless --force.
    const accounts = manifest.tables.find((t) => t.name === 'authUsers')!.rows;
    await expect(restoreInto(target, file)).rejects.toThrow(new RestoreRefused(`the database already holds ${accounts} accounts; restoring replaces everything in it (run again with --force to do that). Nothing was changed.`));
    expect(await state()).toEqual(before);

    const bytes = fs.readFileSync(file);
    const reader = openArchive(file);
    const stories = reader.entries.find((e) => e.name === 'tables/stories.jsonl')!;
    const manifestText = (await readWhole(reader, reader.entries.find((e) => e.name === MANIFEST_ENTRY)!)).toString('utf8');
    const entries = new Map<string, Uint8Array>();
    for (const entry of reader.entries) entries.set(entry.name, await readWhole(reader, entry));
    reader.close();

    const damaged: Array<[string, Buffer, RegExp]> = [
      ['truncated', bytes.subarray(0, Math.floor(bytes.length / 2)), /truncated/],
      ['not-a-zip', Buffer.from('these are not the bytes of a backup'), /not a whole zip file/],
      [
        'flipped',
        (() => {
          const copy = Buffer.from(bytes);
          // A byte inside the stories' compressed rows.
          const at = stories.localHeaderOffset + 30 + 'tables/stories.jsonl'.length + Math.floor(stories.compressedSize / 2);
          copy[at] = copy[at]! ^ 0xff;
          return copy;
        })(),
        /tables\/stories\.jsonl (is damaged|does not match its checksum)/,
      ],
      ['no-manifest', Buffer.from(zipSync(Object.fromEntries([...entries].filter(([name]) => name !== MANIFEST_ENTRY)))), /it has no manifest/],
      [
        'edited',
        Buffer.from(zipSync(Object.fromEntries([...entries].map(([name, data]) => [name, name === 'tables/stories.jsonl' ? strToU8(Buffer.from(data).toString('utf8').replace('lighthouse', 'Lighthouse')) : data])))),
        /tables\/stories\.jsonl does not match its checksum/,
      ],
    ];
    for (const [name, data, message] of damaged) {
      const copy = path.join(bench.dir, `${name}-${dialect}.zip`);
      fs.writeFileSync(copy, data);
      const refusal = restoreInto(target, copy, { force: true });
      await expect(refusal, name).rejects.toBeInstanceOf(RestoreRefused);
      await expect(refusal, name).rejects.toThrow(message);
      await expect(refusal, name).rejects.toThrow(/cannot be restored: .*\. Nothing was changed\.$/);
      expect(await state(), name).toEqual(before);
    }
    expect(manifestText).toContain('"schemaVersion"');
  }, 120_000);

  it('carries the push keys: a restore into a fresh data folder keeps them, so the devices subscribed before still get pushes', async () => {
    const file = path.join(bench.dir, `push-keys-${dialect}.zip`);
    await createBackup(backupSourceOf(bench.server.ctx), file);
    const target = await bench.fresh();
    const keysFile = path.join(target.dataDir, 'vapid-keys.json');
    expect(fs.existsSync(keysFile)).toBe(false);
    expect((await restoreInto(target, file)).warnings).toEqual([]);
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
    // A server started on the restored data folder signs with the old pair (browsers bind each subscription to its public key).
    // (On a connection of its own: closing the server closes it, and the restores below use the database's.)
    const moved = await startTestServerOn(target, { AUTH_SECRET: '' }, target.reopen());
    try {
      expect(moved.ctx.vapid).toEqual(bench.server.ctx.vapid);
    } finally {
      await moved.close();
      await moved.mail.stop();
    }

    // Keys set in the environment win over the restored file: the restore says what that costs.
    const other = generateVapidKeys();
    const configured = await restoreInto(target, file, { force: true, env: { VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: other.privateKey } });
    expect(configured.warnings).toEqual([RESTORE_WARNINGS.vapidKeysDiffer]);
    expect(resolveVapidKeys(null, target.dataDir)).toEqual(bench.server.ctx.vapid);

    // A backup from before push keys were carried: restored, with a warning that devices must turn push on again.
    const reader = openArchive(file);
    const entries: Record<string, Uint8Array> = {};
    for (const entry of reader.entries) if (entry.name !== 'vapid-keys.json') entries[entry.name] = await readWhole(reader, entry);
    reader.close();
    const manifest = JSON.parse(Buffer.from(entries[MANIFEST_ENTRY]!).toString('utf8')) as Manifest;
    delete manifest.vapidKeys;
    entries[MANIFEST_ENTRY] = strToU8(JSON.stringify(manifest));
    const older = path.join(bench.dir, `no-push-keys-${dialect}.zip`);
    fs.writeFileSync(older, zipSync(entries));
    const fresh = await bench.fresh();
    expect((await restoreInto(fresh, older)).warnings).toEqual([RESTORE_WARNINGS.noVapidKeys]);
    expect(fs.existsSync(path.join(fresh.dataDir, 'vapid-keys.json'))).toBe(false);
  }, 120_000);

  it('a restore that fails while loading (its checksums right, a row breaking a key) rolls everything back', async () => {
    const file = path.join(bench.dir, `good-${dialect}.zip`);
    if (!fs.existsSync(file)) await createBackup(backupSourceOf(bench.server.ctx), file);
    const target = await bench.fresh();
    await restoreInto(target, file);
    const before = await tablesOf(target, dialect);

    // A second copy of one story: the file is consistent, the rows are not.
    const reader = openArchive(file);
    const entries: Record<string, Uint8Array> = {};
    for (const entry of reader.entries) entries[entry.name] = await readWhole(reader, entry);
    reader.close();
    const manifest = JSON.parse(Buffer.from(entries[MANIFEST_ENTRY]!).toString('utf8')) as Manifest;
    const rows = Buffer.from(entries['tables/stories.jsonl']!).toString('utf8');
    const doubled = strToU8(rows + rows.split('\n')[0]! + '\n');
    entries['tables/stories.jsonl'] = doubled;
    const table = manifest.tables.find((t) => t.name === 'stories')!;
    Object.assign(table, { rows: table.rows + 1, bytes: doubled.length, sha256: sha256(doubled) });
    entries[MANIFEST_ENTRY] = strToU8(JSON.stringify(manifest));
    const broken = path.join(bench.dir, `duplicate-${dialect}.zip`);
    fs.writeFileSync(broken, zipSync(entries));

    await expect(restoreInto(target, broken, { force: true })).rejects.toThrow();
    expect(await tablesOf(target, dialect)).toEqual(before);

    // Forced with a good backup, it replaces everything.
    await restoreInto(target, file, { force: true });
    expect(await tablesOf(target, dialect)).toEqual(before);
  }, 120_000);
});
