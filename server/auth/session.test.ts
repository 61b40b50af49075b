import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../test/databases';
import { TestClient } from '../test/client';
import { signUp, startTwoInstances, type TestServer } from '../test/server';
import { openEventStream } from '../test/sse';

/** Long enough that the steps before the first check on the second instance fit in it. */
const WINDOW_MS = 2500;

/** A client for `server` holding the same cookies as `other`: the same browser session, on another instance. */
function sameSessionOn(server: TestServer, other: TestClient): { get: (path: string) => Promise<number> } {
  const cookie = other.cookieHeader;
  return { get: async (path) => (await new TestClient(server.url).raw('GET', path, { headers: { cookie } })).status };
}

describe.each(testDialects())('the session cache on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, stop } = await startTwoInstances(dialect, { SESSION_CACHE_MS: String(WINDOW_MS) }));
  });
  afterAll(() => stop());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ends a session revoked on one instance at once on its own and, announced, on the others', async () => {
    const writer = await signUp(one);
    const onOne = sameSessionOn(one, writer.client);
    const onTwo = sameSessionOn(two, writer.client);
    // Each instance verifies the session and keeps it.
    expect(await onOne.get('/api/me')).toBe(200);
    expect(await onTwo.get('/api/me')).toBe(200);

    // "Sign out other sessions" from another session of the same person, on instance 1.
    const elsewhere = one.client();
    expect((await elsewhere.post('/api/auth/sign-in/email', { email: writer.email, password: writer.password })).status).toBe(200);
    expect((await elsewhere.post('/api/account/sessions/revoke-others')).status).toBe(200);
    expect(await onOne.get('/api/me')).toBe(401);
    // Instances share events on PostgreSQL (auth/session-ends.ts): the other one has heard by the
    // time the announcement is delivered, far inside its window.
    if (dialect === 'postgres') await expect.poll(() => onTwo.get('/api/me'), { timeout: WINDOW_MS / 2, interval: 50 }).toBe(401);
  });

  it('stops trusting a session removed without an announcement once its window has passed', async () => {
    const writer = await signUp(one);
    const onTwo = sameSessionOn(two, writer.client);
    expect(await onTwo.get('/api/me')).toBe(200);
    const cachedAt = Date.now();
    // Removed by hand: no hook runs, nothing is announced.
    await one.ctx.db.deleteFrom('authSessions').where('userId', '=', writer.uid).execute();

    // Instance 2 still trusts what it verified, for at most the window…
    expect(await onTwo.get('/api/me')).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - cachedAt < WINDOW_MS + 2000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await onTwo.get('/api/me');
    }
    // …then asks the database again, where the session is gone.
    expect(status).toBe(401);
    expect(Date.now() - cachedAt).toBeLessThanOrEqual(WINDOW_MS + 1000);
    // (The entry was made while the request ran, a moment before `cachedAt`.)
    expect(Date.now() - cachedAt).toBeGreaterThanOrEqual(WINDOW_MS - 250);
  });

  it('forgets a signed-out session at once on the instance that signed it out', async () => {
    const writer = await signUp(one);
    const cookie = writer.client.cookieHeader;
    expect((await writer.client.get('/api/me')).status).toBe(200);
    expect((await writer.client.post('/api/auth/sign-out')).status).toBe(200);
    const replayed = await new TestClient(one.url).raw('GET', '/api/me', { headers: { cookie } });
    expect(replayed.status).toBe(401);
  });

  it('asks better-auth only for a cookie it has not verified lately, and never without one', async () => {
    const writer = await signUp(two);
    const lookups = vi.spyOn(two.ctx.auth.api, 'getSession');
    expect((await two.client().get('/api/stories/community')).status).toBe(200);
    expect((await two.client().get('/api/me')).status).toBe(401);
    expect(lookups).not.toHaveBeenCalled();

    // Signing up verified nothing through the middleware: the first request asks, the next ones do not.
    for (let i = 0; i < 3; i++) expect((await writer.client.get('/api/me')).status).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('accepts only the exact cookie it verified: a forged signature is refused', async () => {
    const writer = await signUp(one);
    expect((await writer.client.get('/api/me')).status).toBe(200);
    const forged = writer.client.cookieHeader.replace(/(drabble\.session_token=[^.;]+\.)([^;]+)/, (_, token: string) => `${token}${encodeURIComponent('A'.repeat(43) + '=')}`);
    expect(forged).not.toBe(writer.client.cookieHeader);
    expect((await new TestClient(one.url).raw('GET', '/api/me', { headers: { cookie: forged } })).status).toBe(401);
  });
  it('answers reads on a kept session from the users row read a moment before; a write on the instance forgets it', async () => {
    const writer = await signUp(one);
    expect((await writer.client.get('/api/me')).status).toBe(200);
    expect((await writer.client.get('/api/me')).status).toBe(200);
    expect(one.ctx.auth.sessionUsers.get(writer.uid, false)?.user.uid).toBe(writer.uid);
    // A write by anyone on this instance: the next read reads the row again and sees it.
    expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal: 720 })).status).toBe(200);
    expect(one.ctx.auth.sessionUsers.get(writer.uid, false)).toBeNull();
    expect((await writer.client.get<{ user: { dailyGoal: number } }>('/api/me')).body.user.dailyGoal).toBe(720);
  });

  it('never keeps a row read before a write: reads in a burst around one, then every read after it sees it', async () => {
    const writer = await signUp(one);
    const goal = async () => (await writer.client.get<{ user: { dailyGoal: number } }>('/api/me')).body.user.dailyGoal;
    for (const dailyGoal of [810, 820, 830]) {
      // Reads in flight on both sides of the write, some filling the kept row as it commits.
      const around = Array.from({ length: 20 }, () => goal());
      expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal })).status).toBe(200);
      await Promise.all(around);
      expect(await Promise.all(Array.from({ length: 20 }, () => goal()))).toEqual(Array(20).fill(dailyGoal));
    }
  });

  it('shows a change made without any announcement (the command line’s) within a second', async () => {
    const writer = await signUp(one);
    expect((await writer.client.get('/api/me')).status).toBe(200);
    const changedAt = Date.now();
    await one.ctx.db.updateTable('users').set({ dailyGoal: 730 }).where('uid', '=', writer.uid).execute();
    await expect.poll(async () => (await writer.client.get<{ user: { dailyGoal: number } }>('/api/me')).body.user.dailyGoal, { timeout: 3000, interval: 50 }).toBe(730);
    expect(Date.now() - changedAt).toBeLessThan(2000);
  });

  it('shows a change made on another instance as soon as its live event arrives', async () => {
    // SQLite runs one instance per database file: events cross instances on PostgreSQL.
    if (dialect !== 'postgres') return;
    const writer = await signUp(one);
    const onTwo = two.client().adopt(writer.client);
    const stream = await openEventStream(writer.client);
    try {
      expect((await writer.client.get('/api/me')).status).toBe(200);
      expect(one.ctx.auth.sessionUsers.get(writer.uid, false)).not.toBeNull();
      expect((await onTwo.patch('/api/me/daily-goal', { dailyGoal: 740 })).status).toBe(200);
      await stream.next('user.updated');
      // Instance one dispatched the event before its stream carried it: the kept row is gone.
      expect((await writer.client.get<{ user: { dailyGoal: number } }>('/api/me')).body.user.dailyGoal).toBe(740);
    } finally {
      stream.close();
    }
  });
});
