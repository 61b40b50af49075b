import { describe, expect, it } from 'vitest';
import { FOLLOW_ACTIONS_PER_DAY, MAX_FOLLOWS, SOCIAL_TEXTS } from '@common/follows/follows';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { limitKey } from '../../http/rate-limit';
import type { ErrorBody } from '../stories/test-support';
import { relationship, setFollow, storedCounts } from './test-support';

describe.each(testDialects())('follow limits and concurrency on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  it(`refuses a follow past ${MAX_FOLLOWS} follows, pending requests included`, async () => {
    const keen = await signUp(api.server);
    const target = await signUp(api.server);
    const now = new Date().toISOString();
    // The cap's worth of follows, written directly (the counter with them) for speed.
    const rows = Array.from({ length: MAX_FOLLOWS }, (_, n) => ({ followerUid: keen.uid, followeeUid: `capped${n}`, created_at: now }));
    for (let i = 0; i < rows.length; i += 500) await api.server.ctx.db.insertInto('follows').values(rows.slice(i, i + 500)).execute();
    await api.server.ctx.db.updateTable('users').set({ followingCount: MAX_FOLLOWS }).where('uid', '=', keen.uid).execute();

    const refused = await keen.client.send<ErrorBody>('POST', `/api/follows/${target.uid}`);
    expect([refused.status, refused.body.error.message]).toEqual([409, SOCIAL_TEXTS.tooManyFollows]);
    expect(await storedCounts(api.server, target.uid)).toMatchObject({ followersCount: 0, followerRows: 0 });

    // One below the cap with one request pending is still at the cap.
    await api.server.ctx.db.deleteFrom('follows').where('followerUid', '=', keen.uid).where('followeeUid', '=', 'capped0').execute();
    await api.server.ctx.db.updateTable('users').set({ followingCount: MAX_FOLLOWS - 1 }).where('uid', '=', keen.uid).execute();
    await api.server.ctx.db.insertInto('followRequests').values({ requesterUid: keen.uid, targetUid: 'capped0', created_at: now }).execute();
    expect((await keen.client.send('POST', `/api/follows/${target.uid}`)).status).toBe(409);
    await api.server.ctx.db.deleteFrom('followRequests').where('requesterUid', '=', keen.uid).execute();
    expect(await setFollow(keen.client, target.uid, true)).toMatchObject({ following: true, followersCount: 1 });
    expect(await storedCounts(api.server, keen.uid)).toMatchObject({ followingCount: MAX_FOLLOWS, followingRows: MAX_FOLLOWS });
  });

  it(`allows ${FOLLOW_ACTIONS_PER_DAY} follow-graph writes a day, then answers 429 with Retry-After`, async () => {
    const busy = await signUp(api.server);
    const other = await signUp(api.server);
    await setFollow(busy.client, other.uid, true);
    const key = limitKey('followActions', { uid: busy.uid });
    const stored = await api.server.ctx.db.selectFrom('rateLimits').select('count').where('key', '=', key).executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(1);
    await api.server.ctx.db.updateTable('rateLimits').set({ count: FOLLOW_ACTIONS_PER_DAY - 1 }).where('key', '=', key).execute();

    expect((await busy.client.send('DELETE', `/api/follows/${other.uid}`)).status).toBe(200);
    for (const [method, path] of [
      ['POST', `/api/follows/${other.uid}`],
      ['DELETE', `/api/follows/${other.uid}`],
      ['DELETE', `/api/followers/${other.uid}`],
      ['POST', `/api/follows/requests/${other.uid}/accept`],
    ] as const) {
      const res = await busy.client.send<ErrorBody>(method, path);
      expect([res.status, res.body.error.message], path).toEqual([429, SOCIAL_TEXTS.tooManyFollowsToday]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    }
    // Reading is never limited, and the other writer is untouched.
    expect(await relationship(busy.client, other.uid)).toMatchObject({ following: false });
    expect((await other.client.send('POST', `/api/follows/${busy.uid}`)).status).toBe(200);
  });

  it('keeps both counters equal to the rows under a burst of follows, unfollows and follow-backs', async () => {
    const star = await signUp(api.server);
    const fans: SignedUp[] = await Promise.all(Array.from({ length: 30 }, () => signUp(api.server)));
    // 30 fans follow the star twice at once; a third of them unfollow while those are in flight;
    // the star follows back ten of them meanwhile (locks taken from the other side).
    const requests: Promise<{ status: number }>[] = [];
    fans.forEach((fan, i) => {
      requests.push(fan.client.send('POST', `/api/follows/${star.uid}`), fan.client.send('POST', `/api/follows/${star.uid}`));
      if (i % 3 === 0) requests.push(fan.client.send('DELETE', `/api/follows/${star.uid}`));
      if (i % 3 === 1) requests.push(star.client.send('POST', `/api/follows/${fan.uid}`));
    });
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const check = async () => {
      for (const uid of [star.uid, ...fans.map((f) => f.uid)]) {
        const counts = await storedCounts(api.server, uid);
        expect(counts.followersCount, uid).toBe(counts.followerRows);
        expect(counts.followingCount, uid).toBe(counts.followingRows);
      }
    };
    await check();
    expect((await storedCounts(api.server, star.uid)).followingCount).toBe(10);

    // Settle the unfollows the follows may have overtaken, all at once again.
    await Promise.all(fans.filter((_, i) => i % 3 === 0).map((fan) => fan.client.send('DELETE', `/api/follows/${star.uid}`)));
    await check();
    expect(await storedCounts(api.server, star.uid)).toMatchObject({ followersCount: 20, followerRows: 20 });
    expect((await relationship(star.client, fans[1]!.uid)).friends).toBe(true);
  });
});
