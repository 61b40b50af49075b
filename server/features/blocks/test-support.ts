import { expect } from 'vitest';
import { relationshipResponseSchema, type Relationship } from '@common/follows/follows';
import type { TestClient } from '../../test/client';
import type { TestServer } from '../../test/server';

/** Test helper: `client` blocks `uid` through the API; returns the blocker's relationship. */
export async function blockThroughApi(client: TestClient, uid: string): Promise<Relationship> {
  const res = await client.post(`/api/blocks/${uid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return relationshipResponseSchema.parse(res.body).relationship;
}

/** Test helper: `client` follows `uid` through the API (a follow or a request). */
export async function followThroughApi(client: TestClient, uid: string): Promise<Relationship> {
  const res = await client.post(`/api/follows/${uid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return relationshipResponseSchema.parse(res.body).relationship;
}

/** The follow rows and requests between two writers, and each one's stored counts. */
export async function graphBetween(server: TestServer, a: string, b: string) {
  const db = server.ctx.db;
  const follows = await db
    .selectFrom('follows')
    .select(['followerUid', 'followeeUid'])
    .where((eb) => eb.or([eb.and([eb('followerUid', '=', a), eb('followeeUid', '=', b)]), eb.and([eb('followerUid', '=', b), eb('followeeUid', '=', a)])]))
    .execute();
  const requests = await db
    .selectFrom('followRequests')
    .select(['requesterUid', 'targetUid'])
    .where((eb) => eb.or([eb.and([eb('requesterUid', '=', a), eb('targetUid', '=', b)]), eb.and([eb('requesterUid', '=', b), eb('targetUid', '=', a)])]))
    .execute();
  return { follows, requests };
}

/** Every user's followersCount / followingCount equals their follows rows. */
export async function countsMatchRows(server: TestServer, uids: string[]): Promise<void> {
  const db = server.ctx.db;
  for (const uid of uids) {
    const user = await db.selectFrom('users').select(['followersCount', 'followingCount']).where('uid', '=', uid).executeTakeFirstOrThrow();
    const followers = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followeeUid', '=', uid).executeTakeFirstOrThrow();
    const following = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followerUid', '=', uid).executeTakeFirstOrThrow();
    expect({ uid, followers: Number(user.followersCount), following: Number(user.followingCount) }).toEqual({
      uid,
      followers: Number(followers.n),
      following: Number(following.n),
    });
  }
}
