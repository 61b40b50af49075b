import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { TestClient } from '../test/client';
import { openEventStream } from '../test/sse';
import { useTestServer } from '../test/api-fixture';
import { linkToken, signUp, startTwoInstances, type SignedUp, type TestServer } from '../test/server';

/** A long cache window: only the announcement of the ended session can close streams in time. */
const WINDOW_MS = 30_000;

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/**
 * Every way one session ends closes that session's open live streams at once, on
 * every instance, after telling the tab it was signed out; the person's other sessions keep theirs.
 */
describe.each(testDialects())('ended sessions close their live streams (auth/session-ends.ts) on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, stop } = await startTwoInstances(dialect, { SESSION_CACHE_MS: String(WINDOW_MS) }));
  });
  afterAll(() => stop());

  /** The same browser session on each instance (a second instance shares the database on PostgreSQL only). */
  const onEveryInstance = (client: TestClient) => [client, ...(dialect === 'postgres' ? [new TestClient(two.url).adopt(client)] : [])];

  /** Streams of this browser session, one per instance, each opened after the instance cached the session. */
  async function streamsOf(client: TestClient): Promise<Stream[]> {
    const clients = onEveryInstance(client);
    for (const c of clients) expect((await c.get('/api/me')).status).toBe(200);
    const streams = await Promise.all(clients.map((c) => openEventStream(c)));
    expect(streams.map((s) => s.status)).toEqual(clients.map(() => 200));
    return streams;
  }

  async function expectSignedOut(streams: Stream[]) {
    for (const stream of streams) {
      expect(JSON.parse((await stream.next('session.ended')).data)).toEqual({ reason: 'signed_out' });
      await stream.waitForEnd();
    }
  }

  /** A second device of the same person: its own session. */
  async function secondDevice(person: SignedUp): Promise<TestClient> {
    const device = one.client();
    expect((await device.post('/api/auth/sign-in/email', { email: person.email, password: person.password })).status).toBe(200);
    return device;
  }

  /** Still open: a change to the person's record reaches it. */
  async function expectStillListening(streams: Stream[], person: SignedUp) {
    expect((await person.client.patch('/api/me/preferences', { themeMode: 'dark-gray' })).status).toBe(200);
    for (const stream of streams) {
      await stream.next('user.updated');
      expect(stream.ended).toBe(false);
    }
    for (const stream of streams) stream.close();
  }

  it('signing out closes that session’s streams on every instance', async () => {
    const person = await signUp(one, { name: 'Leaves' });
    const streams = await streamsOf(person.client);
    expect((await person.client.post('/api/auth/sign-out')).status).toBe(200);
    await expectSignedOut(streams);
  });

  it('removing one session in Settings closes its streams and no others', async () => {
    const person = await signUp(one, { name: 'Two Devices' });
    const other = await secondDevice(person);
    const mine = await streamsOf(person.client);
    const theirs = await streamsOf(other);
    const sessions = await person.client.get<{ sessions: Array<{ id: string; current: boolean }> }>('/api/account/sessions');
    const target = sessions.body.sessions.find((s) => !s.current)!;
    expect((await person.client.delete(`/api/account/sessions/${target.id}`)).status).toBe(200);
    await expectSignedOut(theirs);
    expect((await other.get('/api/me')).status).toBe(401);
    await expectStillListening(mine, person);
  });

  it('“sign out other sessions” closes their streams and keeps this one’s', async () => {
    const person = await signUp(one, { name: 'Others Out' });
    const other = await secondDevice(person);
    const mine = await streamsOf(person.client);
    const theirs = await streamsOf(other);
    expect((await person.client.post('/api/account/sessions/revoke-others')).status).toBe(200);
    await expectSignedOut(theirs);
    await expectStillListening(mine, person);
  });

  it('a password change closes the other sessions’ streams', async () => {
    const person = await signUp(one, { name: 'New Password' });
    const other = await secondDevice(person);
    const mine = await streamsOf(person.client);
    const theirs = await streamsOf(other);
    const changed = await person.client.post('/api/account/password', { currentPassword: person.password, newPassword: 'violet kettle moons 2' });
    expect(changed.status).toBe(200);
    await expectSignedOut(theirs);
    await expectStillListening(mine, person);
  });

  it('a password reset closes every stream of the account', async () => {
    const person = await signUp(one, { name: 'Reset' });
    const streams = await streamsOf(person.client);
    expect((await one.client().post('/api/account/password/forgot', { email: person.email })).status).toBe(200);
    const token = await linkToken(one, person.email, 'Reset your Drabble password', '/reset-password');
    expect((await one.client().post('/api/account/password/reset', { token, newPassword: 'a fresh password 3' })).status).toBe(200);
    await expectSignedOut(streams);
  });
});

describe.each(testDialects())('a stream re-checks its session every cache window on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SESSION_CACHE_MS: '300' } });

  it('closes a stream whose session is gone without any announcement (a crash between the two, a row removed by hand)', async () => {
    const person = await signUp(api.server, { name: 'Vanished' });
    const stream = await openEventStream(person.client);
    expect(stream.status).toBe(200);
    // Straight in the table: no hook runs, nothing is announced.
    await api.server.ctx.db.deleteFrom('authSessions').where('userId', '=', person.uid).execute();
    expect(JSON.parse((await stream.next('session.ended')).data)).toEqual({ reason: 'signed_out' });
    await stream.waitForEnd();
  });

  it('keeps a stream whose session is still valid', async () => {
    const person = await signUp(api.server, { name: 'Stays' });
    const stream = await openEventStream(person.client);
    // A re-check has run once this other stream is signed out: the same pass looked at both.
    const gone = await signUp(api.server, { name: 'Goes' });
    const goneStream = await openEventStream(gone.client);
    await api.server.ctx.db.deleteFrom('authSessions').where('userId', '=', gone.uid).execute();
    await goneStream.next('session.ended');
    // The person's next event is their own change, not an end: the stream was kept.
    await person.client.patch('/api/me/preferences', { themeMode: 'dark-blue' });
    await stream.next('user.updated');
    expect(stream.ended).toBe(false);
    expect(stream.received.filter((m) => m.event === 'session.ended')).toEqual([]);
    stream.close();
  });
});
