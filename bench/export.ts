/**
 * "Download everything" at the size the issue names: one account with 2,000 stories, plus
 * comments, reactions, favourites, follows, blocks, mutes, a long conversation and writing
 * days, in a fresh database through the real migrations. Starts the real server in-process and
 * times the whole download over HTTP (from the request to the zip's last byte) three times,
 * giving the day's export back between runs, then checks the zip opens and holds every story.
 *
 *   npm run bench:export                  SQLite (a temporary DATA_DIR)
 *   npm run bench:export -- --postgres    PostgreSQL: TEST_DATABASE_URL (or DATABASE_URL), in a schema of its own, dropped at the end
 *   npm run bench:export -- --stories=5000
 *
 * Target: under 5 s for 2,000 stories.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { unzipSync } from 'fflate';
import { loadConfig } from '../server/config';
import { openSqlite, type DatabaseHandle } from '../server/db/database';
import { startServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { newId } from '../server/shared/ids';
import { ensureUserRecord } from '../server/shared/users';
import { buildStoryInput } from '../server/features/stories/test-support-builders';
import { countChars, countWords, storyPreview } from '@common/stories/words';
import { REACTION_KINDS } from '@common/stories/story';
import { percentile, seededRandom } from './random';
import { benchSchema } from './postgres';

const usePostgres = process.argv.includes('--postgres');
const sizeArg = process.argv.find((a) => a.startsWith('--stories='));
const STORIES = sizeArg ? Number(sizeArg.slice('--stories='.length).replaceAll('_', '')) : 2_000;
if (!Number.isInteger(STORIES) || STORIES < 1) throw new Error('--stories must be a whole number');
const OTHERS = 50;
const COMMENTS = 1_000;
const MESSAGES = 500;
const RUNS = 3;
const TARGET_MS = 5_000;

const log = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bench-export-'));
  let handle: DatabaseHandle;
  let cleanup = async () => {};
  if (usePostgres) {
    const schema = await benchSchema('bench_export');
    handle = schema.handle;
    cleanup = schema.drop;
  } else {
    handle = openSqlite(path.join(dir, 'drabble.sqlite'));
  }
  const config = loadConfig({ DATA_DIR: dir, PORT: String(await freePort()), AUTH_SECRET: 'bench-secret-that-is-long-enough-0000000', LOG_LEVEL: 'silent' });
  const server = await startServer({ config, database: handle, webDir: null, logger: pino({ level: 'silent' }) });
  const { db } = server.ctx;
  try {
    const client = new TestClient(server.url);
    const signUp = await client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email: 'bench@bench.test', password: 'quiet harbour reader 1', name: 'Bench Writer' });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
    const uid = signUp.body.user.id;

    let t = performance.now();
    const random = seededRandom(14);
    const others: string[] = [];
    for (let n = 0; n < OTHERS; n++) {
      const user = await ensureUserRecord(db, { uid: newId(24), email: `other${n}@bench.test`, displayName: `Other Writer ${n}`, emailVerified: true }, null);
      others.push(user.uid);
    }
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
    const storyRow = (id: string, owner: string, i: number, name: string) => {
      const input = buildStoryInput({ public: random() < 0.6 }, random);
      return {
        id, uid: owner, title: input.title, content: input.content, public: input.public ? (1 as const) : (0 as const),
        wordCount: countWords(input.content), charCount: countChars(input.content), preview: storyPreview(input.content),
        created_at: at(i), updated_at: at(i), madePublicAt: input.public ? at(i) : null, publishedAt: input.public ? at(i) : null, madePrivateAt: null,
        promptGenre: input.prompt?.genre ?? null, promptTheme: input.prompt?.theme ?? null, promptTwist: input.prompt?.twist ?? null,
        authorDisplayName: name, authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
      };
    };
    const theirs = others.map((owner, i) => ({ id: newId(), owner, i }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < STORIES; i += 100) {
        const rows = Array.from({ length: Math.min(100, STORIES - i) }, (_, k) => storyRow(newId(), uid, i + k, 'Bench Writer'));
        await trx.insertInto('stories').values(rows).execute();
      }
      await trx.insertInto('stories').values(theirs.map((s) => ({ ...storyRow(s.id, s.owner, s.i, `Other Writer ${s.i}`), public: 1 as const }))).execute();
      for (let i = 0; i < COMMENTS; i += 100) {
        const rows = Array.from({ length: Math.min(100, COMMENTS - i) }, (_, k) => ({
          id: newId(), storyId: theirs[(i + k) % theirs.length]!.id, uid, text: `A comment, number ${i + k}.`, created_at: at(i + k),
        }));
        await trx.insertInto('storyComments').values(rows).execute();
      }
      await trx.insertInto('storyReactions').values(theirs.flatMap((s, i) => REACTION_KINDS.map((kind) => ({ storyId: s.id, uid, kind, created_at: at(i) })))).execute();
      await trx.insertInto('userFavorites').values(theirs.map((s, i) => ({ uid, storyId: s.id, created_at: at(i) }))).execute();
      await trx.insertInto('follows').values(others.map((o, i) => ({ followerUid: uid, followeeUid: o, created_at: at(i) }))).execute();
      await trx.insertInto('follows').values(others.map((o, i) => ({ followerUid: o, followeeUid: uid, created_at: at(i) }))).execute();
      await trx.insertInto('blocks').values(others.slice(0, 5).map((o, i) => ({ blockerUid: uid, blockedUid: o, created_at: at(i) }))).execute();
      await trx.insertInto('mutes').values(others.slice(5, 10).map((o, i) => ({ muterUid: uid, mutedUid: o, until: null, created_at: at(i) }))).execute();
      const conversationId = newId();
      const other = others[20]!;
      await trx
        .insertInto('conversations')
        .values({ id: conversationId, type: 'direct', featureRequestId: null, lastMessage: null, lastMessageAt: null, created_at: at(0), pairKey: [uid, other].sort().join(':'), status: 'accepted', createdBy: uid })
        .execute();
      await trx.insertInto('conversationParticipants').values([{ conversationId, uid, unread: 0 }, { conversationId, uid: other, unread: 0 }]).execute();
      for (let i = 0; i < MESSAGES; i += 100) {
        const rows = Array.from({ length: Math.min(100, MESSAGES - i) }, (_, k) => ({
          id: newId(), conversationId, from: (i + k) % 2 ? other : uid, fromType: 'user', text: `Message ${i + k}`, created_at: at(i + k), read: 1 as const, isFeatureRequest: 0 as const,
        }));
        await trx.insertInto('conversationMessages').values(rows).execute();
      }
      const days = Math.min(365, STORIES);
      await trx.insertInto('writingDays').values(Array.from({ length: days }, (_, i) => ({ uid, day: at(i * 24).slice(0, 10), words: 100 + i }))).execute();
    });
    log(`${usePostgres ? 'PostgreSQL' : 'SQLite'}: seeded ${STORIES.toLocaleString('en-US')} stories, ${COMMENTS} comments, ${theirs.length * REACTION_KINDS.length} reactions, ` +
      `${OTHERS * 2} follows, ${MESSAGES} messages in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const times: number[] = [];
    let size = 0;
    let last = new Uint8Array();
    for (let run = 0; run < RUNS; run++) {
      // Gives the day's export back, so every run downloads.
      await db.updateTable('users').set({ lastExportAt: null }).where('uid', '=', uid).execute();
      t = performance.now();
      const res = await client.raw('GET', '/api/export/download');
      if (res.status !== 200) throw new Error(`download answered ${res.status}: ${await res.text()}`);
      last = new Uint8Array(await res.arrayBuffer());
      times.push(performance.now() - t);
      size = last.length;
    }
    const files = unzipSync(last);
    const storyFiles = Object.keys(files).filter((f) => f.startsWith('stories/')).length;
    if (storyFiles !== STORIES) throw new Error(`the zip holds ${storyFiles} story files, not ${STORIES}`);
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    log(`Download everything (${RUNS} runs): p50 ${(p50 / 1000).toFixed(2)} s, slowest ${(times.at(-1)! / 1000).toFixed(2)} s; zip ${(size / 1024).toFixed(0)} KB, ${Object.keys(files).length} files`);
    log(`Target: under ${TARGET_MS / 1000} s for ${STORIES.toLocaleString('en-US')} stories: ${p50 < TARGET_MS ? 'ok' : 'OVER'}`);
    if (p50 >= TARGET_MS) process.exitCode = 1;
  } finally {
    await server.close();
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
