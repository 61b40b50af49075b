import { expect } from 'vitest';
import { feedPageSchema, type FeedPage } from '@common/follows/follows';
import type { TestClient } from '../../test/client';
import type { TestServer } from '../../test/server';

/*
 * Feed test set-up. The graph is written straight into the tables (with the counts the
 * follows feature keeps), so these tests pin exactly the relations they need and do not
 * depend on the follow, block and mute endpoints, which have tests of their own.
 */

export async function follow(server: TestServer, followerUid: string, followeeUid: string): Promise<void> {
  const db = server.ctx.db;
  await db.insertInto('follows').values({ followerUid, followeeUid, created_at: new Date().toISOString() }).execute();
  await db.updateTable('users').set((eb) => ({ followingCount: eb('followingCount', '+', 1) })).where('uid', '=', followerUid).execute();
  await db.updateTable('users').set((eb) => ({ followersCount: eb('followersCount', '+', 1) })).where('uid', '=', followeeUid).execute();
}

export async function block(server: TestServer, blockerUid: string, blockedUid: string): Promise<void> {
  await server.ctx.db.insertInto('blocks').values({ blockerUid, blockedUid, created_at: new Date().toISOString() }).execute();
}

export async function mute(server: TestServer, muterUid: string, mutedUid: string, until: string | null): Promise<void> {
  await server.ctx.db.insertInto('mutes').values({ muterUid, mutedUid, until, created_at: new Date().toISOString() }).execute();
}

/** One page of the reader's feed through the API. */
export async function feedPage(client: TestClient, query = ''): Promise<FeedPage> {
  const res = await client.get(`/api/feed${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return feedPageSchema.parse(res.body);
}

/** Every story id of the feed, page by page. */
export async function wholeFeed(client: TestClient, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedPage = await feedPage(client, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.stories.map((s) => s.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
