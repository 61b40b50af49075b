import { expect } from 'vitest';
import { relationshipResponseSchema, writerPageSchema, type Relationship, type WriterPage } from '@common/follows/follows';
import type { TestClient } from '../../test/client';
import type { TestServer } from '../../test/server';
import { newId } from '../../shared/ids';
import { ensureUserRecord } from '../../shared/users';
import { shiftCounts } from './queries';

/** Test helpers for the follow graph's API tests. */

export async function relationship(client: TestClient, uid: string): Promise<Relationship> {
  const res = await client.get(`/api/users/${uid}/relationship`);
  expect(res.status).toBe(200);
  return relationshipResponseSchema.parse(res.body).relationship;
}

/** POST or DELETE /api/follows/:uid, expecting 200; the relationship it answers. */
export async function setFollow(client: TestClient, uid: string, present: boolean): Promise<Relationship> {
  const res = await client.send(present ? 'POST' : 'DELETE', `/api/follows/${uid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return relationshipResponseSchema.parse(res.body).relationship;
}

export async function writerPage(client: TestClient, path: string): Promise<WriterPage> {
  const res = await client.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return writerPageSchema.parse(res.body);
}

/** Every uid of a paged writer list, following nextCursor to the end. */
export async function allWriterUids(client: TestClient, path: string): Promise<string[]> {
  const uids: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: WriterPage = await writerPage(client, cursor ? `${path}${sep}cursor=${cursor}` : path);
    uids.push(...page.writers.map((w) => w.uid));
    cursor = page.nextCursor;
  } while (cursor);
  return uids;
}

/** The stored follow rows and both counters of a writer. */
export async function storedCounts(server: TestServer, uid: string) {
  const db = server.ctx.db;
  const [user, followers, following] = await Promise.all([
    db.selectFrom('users').select(['followersCount', 'followingCount']).where('uid', '=', uid).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followeeUid', '=', uid).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followerUid', '=', uid).executeTakeFirstOrThrow(),
  ]);
  return {
    followersCount: Number(user.followersCount),
    followingCount: Number(user.followingCount),
    followerRows: Number(followers.n),
    followingRows: Number(following.n),
  };
}

/** A block row written directly: the blocks feature's own API is tested in its folder. */
export async function insertBlock(server: TestServer, blockerUid: string, blockedUid: string): Promise<void> {
  await server.ctx.db.insertInto('blocks').values({ blockerUid, blockedUid, created_at: new Date().toISOString() }).execute();
}

/**
 * Writers created straight in the database (no session): quicker than signing up when a test
 * needs many people to follow, find or suggest. Named `${prefix} 01`, `${prefix} 02`…
 */
export async function insertWriters(server: TestServer, count: number, prefix: string): Promise<string[]> {
  const uids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const label = `${prefix} ${String(n).padStart(2, '0')}`;
    const user = await ensureUserRecord(server.ctx.db, { uid: newId(24), email: `${newId(10)}@example.com`, displayName: label, emailVerified: true }, null);
    uids.push(user.uid);
  }
  return uids;
}

/** A follow row written directly, counts kept exact, for graphs the test only reads. */
export async function insertFollow(server: TestServer, followerUid: string, followeeUid: string): Promise<void> {
  await server.ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('follows').values({ followerUid, followeeUid, created_at: new Date().toISOString() }).execute();
    await shiftCounts(trx, followerUid, followeeUid, 1);
  });
}
