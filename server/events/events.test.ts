import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { signUp, startTestServer, startTestServerOn, type TestServer } from '../test/server';
import { openEventStream } from '../test/sse';

describe.each(testDialects())('live updates on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses the stream to a signed-out visitor', async () => {
    const res = await server.client().get('/api/events');
    expect(res.status).toBe(401);
  });

  it("pushes a change to every open stream of that user, and only theirs", async () => {
    const writer = await signUp(server);
    const secondTab = server.client();
    await secondTab.post('/api/auth/sign-in/email', { email: writer.email, password: writer.password });
    const stranger = await signUp(server);

    const tabA = await openEventStream(writer.client);
    const tabB = await openEventStream(secondTab);
    const other = await openEventStream(stranger.client);
    expect(tabA.status).toBe(200);

    await writer.client.patch('/api/me/preferences', { themeMode: 'dark-blue' });
    for (const tab of [tabA, tabB]) {
      const msg = await tab.next('user.updated');
      expect(JSON.parse(msg.data).user).toMatchObject({ uid: writer.uid, themeMode: 'dark-blue' });
      expect(Number(msg.id)).toBeGreaterThan(0);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(other.received).toHaveLength(0);
    [tabA, tabB, other].forEach((s) => s.close());
  });

  it('replays what a client missed when it reconnects with Last-Event-ID', async () => {
    const writer = await signUp(server);
    const first = await openEventStream(writer.client);
    await writer.client.patch('/api/me/preferences', { colorTheme: 'teal' });
    const seen = await first.next('user.updated');
    first.close();

    await writer.client.patch('/api/me/preferences', { colorTheme: 'rose' });
    await writer.client.patch('/api/me/preferences', { colorTheme: 'amber' });

    const resumed = await openEventStream(writer.client, seen.id ?? undefined);
    const a = await resumed.next('user.updated');
    const b = await resumed.next('user.updated');
    expect([JSON.parse(a.data).user.colorTheme, JSON.parse(b.data).user.colorTheme]).toEqual(['rose', 'amber']);
    expect(Number(b.id)).toBeGreaterThan(Number(a.id));
    resumed.close();
  });
});

describe.runIf(testDialects().includes('postgres'))('live updates across two server instances on PostgreSQL', () => {
  it('delivers an update made through one instance to a stream on the other', async () => {
    const one = await startTestServer('postgres');
    const two = await startTestServerOn(one.database, {}, one.database.reopen());
    try {
      const writer = await signUp(one);
      const onTwo = two.client();
      await onTwo.post('/api/auth/sign-in/email', { email: writer.email, password: writer.password });
      const stream = await openEventStream(onTwo);
      expect(stream.status).toBe(200);

      const res = await writer.client.patch('/api/me/preferences', { themeMode: 'dark-gray' });
      expect(res.status).toBe(200);
      const msg = await stream.next('user.updated');
      expect(JSON.parse(msg.data).user).toMatchObject({ uid: writer.uid, themeMode: 'dark-gray' });
      stream.close();
    } finally {
      await two.close();
      await one.stop();
    }
  });
});

describe('shutdown', () => {
  it('ends open event streams so the server can close', async () => {
    const server = await startTestServer('sqlite');
    const { client } = await signUp(server);
    const stream = await openEventStream(client);
    const started = Date.now();
    await server.stop();
    await stream.waitForEnd(2000);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
