import crypto from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INTERVAL_MS } from '@common/notifications/notifications';
import { PUSH_DEVICES_MAX, PUSH_TEXTS, pushPayloadSchema, pushSubscriptionListSchema, type PushDevice } from '@common/push/push';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, signUpVerified, type SignedUp } from '../../test/server';
import { startPushService, type TestPushService } from '../../test/push-service';
import { respond, submitRequest } from '../feature-requests/test-support';
import { newId } from '../../shared/ids';
import { deliverDueEmails, notifySelf } from '../notifications';
import { generateVapidKeys, resolveVapidKeys } from './vapid';
import { pushDevicesOf, pushToDevices } from './send';

describe('the VAPID key pair', () => {
  it('is a P-256 pair as web-push makes it: the public key is the private scalar\'s uncompressed point', () => {
    const keys = generateVapidKeys();
    const point = crypto.createECDH('prime256v1');
    point.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(point.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    const library = webpush.generateVAPIDKeys();
    expect([keys.publicKey.length, keys.privateKey.length]).toEqual([library.publicKey.length, library.privateKey.length]);
    // web-push signs with it (it checks both keys' sizes), and two pairs are never the same.
    expect(() => webpush.getVapidHeaders('https://push.example', 'mailto:admin@example.com', keys.publicKey, keys.privateKey, 'aes128gcm')).not.toThrow();
    expect(generateVapidKeys().privateKey).not.toBe(keys.privateKey);
  });

  it('is generated once into DATA_DIR (owner-only) and read back on the next start; configured keys win', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-vapid-'));
    try {
      const first = resolveVapidKeys(null, dir);
      expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(resolveVapidKeys(null, dir)).toEqual(first);
      expect(fs.statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      const configured = webpush.generateVAPIDKeys();
      expect(resolveVapidKeys(configured, dir)).toEqual(configured);
      // A damaged file is replaced by a new pair, not used.
      fs.writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey":"x"}');
      expect(resolveVapidKeys(null, dir).publicKey).not.toBe(first.publicKey);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects())('Web Push on %s', (dialect) => {
  let service: TestPushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service.stop();
  });
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000', PUSH_HTTP_ENDPOINTS: 'true' }, people: { owner: { admin: true, name: 'Owner' } } });

  /** A writer with one device subscribed through the push service, with this site's key. */
  async function subscribedWriter(name = 'Ada Writer') {
    const writer = await signUpVerified(api.server, { name });
    const list = pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body);
    const device = await service.subscribe(list.publicKey);
    const res = await writer.client.post<{ subscription: PushDevice }>('/api/me/push-subscriptions', { subscription: { endpoint: device.endpoint, keys: device.keys } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { writer, device, id: res.body.subscription.id };
  }

  /**
   * The tests' clock, an hour ahead of the real one. The test server delivers what is due every
   * 15 seconds on the real clock (server.ts); a delivery a test makes due on this clock is never
   * due for that tick, so the test's own deliverDueEmails call is the one that sends it. (On the
   * real clock the tick could claim it first, and the test read the device while the tick's push
   * was still on its way: `expected [] to have a length of 1`, once at load 13.)
   */
  const testClock = () => Date.now() + 60 * 60_000;

  /** A conversation (a suggestion the owner answered) unread for the writer, and its pending delivery due `now` (testClock). */
  async function unreadThread(writer: SignedUp, now: number) {
    const request = await submitRequest(writer.client, `Please add a night mode ${newId()}`);
    await respond(api.owner.client, request.id, 'Thanks, we will look at it.');
    const thread = await api.server.ctx.db.selectFrom('conversations').select('id').where('featureRequestId', '=', request.id).executeTakeFirstOrThrow();
    await api.server.ctx.db.insertInto('pendingEmails').values({ id: newId(), uid: writer.uid, type: 'message', ref: thread.id, dueAt: new Date(now).toISOString() }).execute();
    return thread.id;
  }

  const payloads = async (clientHash: string) => (await service.messages(clientHash)).map((m) => pushPayloadSchema.parse(JSON.parse(m)));

  it('lists the site’s public key and the writer’s devices, named by browser; Remove takes only one’s own', async () => {
    const { writer, id } = await subscribedWriter();
    const list = pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body);
    expect(list.publicKey).toBe(api.server.ctx.vapid.publicKey);
    expect(list.devices.map((d) => d.id)).toEqual([id]);
    expect(list.devices[0]?.label).toEqual(expect.any(String));

    const other = await signUp(api.server, { name: 'Bo Other' });
    expect((await other.client.delete(`/api/me/push-subscriptions/${id}`)).status).toBe(404);
    expect((await other.client.get('/api/me/push-subscriptions')).body).toMatchObject({ devices: [] });
    expect((await writer.client.delete(`/api/me/push-subscriptions/${id}`)).status).toBe(204);
    expect((await writer.client.delete(`/api/me/push-subscriptions/${id}`)).status).toBe(404);
    expect(pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body).devices).toEqual([]);
  });

  it('refuses bad subscriptions with 400 and guests with 401', async () => {
    const writer = await signUp(api.server);
    const bad = async (body: unknown) => {
      const res = await writer.client.post<{ error: { code: string } }>('/api/me/push-subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    };
    await bad({});
    await bad({ subscription: { endpoint: 'not a url', keys: { p256dh: 'abc', auth: 'abc' } } });
    await bad({ subscription: { endpoint: 'ftp://push.example/x', keys: { p256dh: 'abc', auth: 'abc' } } });
    await bad({ subscription: { endpoint: 'https://push.example/x', keys: { p256dh: 'a b', auth: 'abc' } } });
    await bad({ subscription: { endpoint: 'https://push.example/x', keys: { p256dh: 'abc' } } });
    await bad({ subscription: { endpoint: 'https://push.example/x', keys: { p256dh: 'abc', auth: 'abc' } }, extra: 1 });
    expect((await api.server.client().post('/api/me/push-subscriptions', { subscription: { endpoint: 'https://push.example/x', keys: { p256dh: 'abc', auth: 'abc' } } })).status).toBe(401);
  });

  it('pushes an unread message, signed with the site’s VAPID key and encrypted for the device: its sender, and the conversation to open', async () => {
    const { writer, device } = await subscribedWriter();
    const now = testClock();
    const thread = await unreadThread(writer, now);
    await deliverDueEmails(api.server.ctx, now + 1000);
    expect(await payloads(device.clientHash)).toEqual([{ title: 'Owner sent you a message', body: 'Owner sent you a message on Drabble.', url: `/messages?c=${thread}`, tag: 'message' }]);
  });

  it('pushes nothing for a device subscribed with another key: the push service refuses the signature', async () => {
    const writer = await signUpVerified(api.server);
    const device = await service.subscribe(webpush.generateVAPIDKeys().publicKey);
    expect((await writer.client.post('/api/me/push-subscriptions', { subscription: { endpoint: device.endpoint, keys: device.keys } })).status).toBe(201);
    const now = testClock();
    await unreadThread(writer, now);
    await deliverDueEmails(api.server.ctx, now + 1000);
    expect(await service.messages(device.clientHash)).toEqual([]);
    // Refused, not gone: the subscription stays.
    expect(pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body).devices).toHaveLength(1);
  });

  it('follows the push switch and sends nothing while the writer has the app open on any instance; email keeps its own switch', async () => {
    const off = await subscribedWriter();
    expect((await off.writer.client.patch('/api/me/notification-prefs', { push: { message: false } })).status).toBe(200);
    const online = await subscribedWriter();
    const now = testClock();
    await api.server.ctx.db.insertInto('liveStreams').values({ id: newId(), instanceId: 'elsewhere', uid: online.writer.uid, watching: null, until: new Date(now + 60_000).toISOString() }).execute();
    await unreadThread(off.writer, now);
    await unreadThread(online.writer, now);
    await deliverDueEmails(api.server.ctx, now + 1000);
    expect(await service.messages(off.device.clientHash)).toEqual([]);
    expect(await service.messages(online.device.clientHash)).toEqual([]);
    // Push off, email on: the email still goes.
    await api.server.mail.waitFor({ to: off.writer.email, subject: 'Owner sent you a message' });
    await api.server.ctx.db.deleteFrom('liveStreams').where('uid', '=', online.writer.uid).execute();
  });

  it('pushes one of a type in fifteen minutes, however many instances try; each type one notification on the device (its tag)', async () => {
    const { writer, device } = await subscribedWriter();
    const now = testClock();
    await unreadThread(writer, now);
    await unreadThread(writer, now);
    await Promise.all([deliverDueEmails(api.server.ctx, now + 1000), deliverDueEmails(api.server.ctx, now + 1000)]);
    expect(await payloads(device.clientHash)).toHaveLength(1);

    const later = now + EMAIL_INTERVAL_MS + 60_000;
    await unreadThread(writer, later - 1000);
    await deliverDueEmails(api.server.ctx, later);
    const pushed = await payloads(device.clientHash);
    expect(pushed).toHaveLength(2);
    expect(new Set(pushed.map((p) => p.tag))).toEqual(new Set(['message']));
  });

  it('pushes the streak reminder, which opens home', async () => {
    const { writer, device } = await subscribedWriter();
    expect((await writer.client.patch('/api/me/notification-prefs', { types: { streak_reminder: { on: true } } })).status).toBe(200);
    const at = new Date();
    const detail = 'Your 3-day streak ends at midnight — write a few words to keep it.';
    await api.server.ctx.db.transaction().execute((trx) => notifySelf(api.server.ctx, trx, { to: writer.uid, type: 'streak_reminder', detail, link: '/story/new', at: at.toISOString(), email: 'streak_reminder' }));
    await deliverDueEmails(api.server.ctx, at.getTime() + EMAIL_INTERVAL_MS);
    expect(await payloads(device.clientHash)).toEqual([{ title: 'Your 3-day streak ends at midnight', body: detail, url: '/', tag: 'streak_reminder' }]);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const { writer, device } = await subscribedWriter();
    await service.expire(device.clientHash);
    const now = testClock();
    await unreadThread(writer, now);
    await deliverDueEmails(api.server.ctx, now + 1000);
    expect(pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body).devices).toEqual([]);
  });

  it('keeps at most twenty devices however many subscribe at once', async () => {
    const writer = await signUp(api.server);
    const key = api.server.ctx.vapid.publicKey;
    const devices = await Promise.all(Array.from({ length: PUSH_DEVICES_MAX + 5 }, () => service.subscribe(key)));
    const answers = await Promise.all(devices.map((d) => writer.client.post('/api/me/push-subscriptions', { subscription: { endpoint: d.endpoint, keys: d.keys } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PUSH_DEVICES_MAX);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const kept = pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body).devices;
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
  });

  it('keeps an endpoint with the account that registered it first, however many post it at once, until that account removes it', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(api.server, { name: `Claimant ${i}` })));
    const device = await service.subscribe(api.server.ctx.vapid.publicKey);
    const subscription = { endpoint: device.endpoint, keys: device.keys };
    const answers = await Promise.all(accounts.map((a) => a.client.post<{ subscription: PushDevice; error: { code: string; message: string } }>('/api/me/push-subscriptions', { subscription })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'endpoint_taken', message: PUSH_TEXTS.endpointTaken });
    }
    const first = accounts[answers.findIndex((a) => a.status === 201)]!;
    const rows = await api.server.ctx.db.selectFrom('pushSubscriptions').select(['uid', 'id']).where('endpoint', '=', device.endpoint).execute();
    expect(rows).toEqual([{ uid: first.uid, id: answers.find((a) => a.status === 201)!.body.subscription.id }]);
    for (const other of accounts.filter((a) => a !== first)) {
      expect(pushSubscriptionListSchema.parse((await other.client.get('/api/me/push-subscriptions')).body).devices).toEqual([]);
    }

    // Later, one at a time: still refused.
    const latecomer = accounts.find((a) => a !== first)!;
    expect((await latecomer.client.post('/api/me/push-subscriptions', { subscription })).status).toBe(409);
    expect((await api.server.ctx.db.selectFrom('pushSubscriptions').select('uid').where('endpoint', '=', device.endpoint).execute()).map((r) => r.uid)).toEqual([first.uid]);
    // The first account posting it again (the browser re-subscribed) keeps it, as one row.
    const again = await first.client.post<{ subscription: PushDevice }>('/api/me/push-subscriptions', { subscription });
    expect(again.status).toBe(201);
    const mine = pushSubscriptionListSchema.parse((await first.client.get('/api/me/push-subscriptions')).body).devices;
    expect(mine.map((d) => d.id)).toEqual([again.body.subscription.id]);

    // Once it removes the device, the endpoint is free for another account.
    expect((await first.client.delete(`/api/me/push-subscriptions/${again.body.subscription.id}`)).status).toBe(204);
    expect((await latecomer.client.post('/api/me/push-subscriptions', { subscription })).status).toBe(201);
    expect((await api.server.ctx.db.selectFrom('pushSubscriptions').select('uid').where('endpoint', '=', device.endpoint).execute()).map((r) => r.uid)).toEqual([latecomer.uid]);
  });
});

/**
 * A subscription names the address the server will POST to, so it must not reach the machine
 * itself or the network behind it (a request forged through the server: its metadata service,
 * an admin port). Without PUSH_HTTP_ENDPOINTS, as in production.
 */
describe.each(testDialects())('push services at addresses that are not public, on %s', (dialect) => {
  const api = useTestServer(dialect);
  /** A TCP port on this machine that counts who connects to it. */
  let listener: net.Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  /** A device's keys as a browser makes them: web-push refuses to encrypt for others. */
  const deviceKeys = () => ({ p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') });

  it('refuses a subscription whose push service is this machine or a private network, and keeps none', async () => {
    const writer = await signUp(api.server);
    const hosts = ['localhost', 'push.localhost', '127.0.0.1', '127.1', '[::1]', '10.0.0.7', '172.16.4.2', '192.168.1.20', '169.254.169.254', '100.64.0.1', '0.0.0.0', '[fd00::1]', '[fe80::1]', '[::ffff:127.0.0.1]'];
    for (const host of hosts) {
      const res = await writer.client.post<{ error: { code: string; message: string } }>('/api/me/push-subscriptions', { subscription: { endpoint: `https://${host}/push/1`, keys: deviceKeys() } });
      expect(res.status, host).toBe(400);
      expect(res.body.error.message, host).toBe(PUSH_TEXTS.privateEndpoint);
    }
    const insecure = await writer.client.post<{ error: { message: string } }>('/api/me/push-subscriptions', { subscription: { endpoint: 'http://push.example/x', keys: deviceKeys() } });
    expect([insecure.status, insecure.body.error.message]).toEqual([400, PUSH_TEXTS.insecureEndpoint]);
    expect(pushSubscriptionListSchema.parse((await writer.client.get('/api/me/push-subscriptions')).body).devices).toEqual([]);

    // Public addresses and names are kept (names are checked on each push, by what DNS answers then).
    for (const host of ['fcm.googleapis.com', '8.8.8.8', '[2606:4700::1111]']) {
      expect((await writer.client.post('/api/me/push-subscriptions', { subscription: { endpoint: `https://${host}/push/1`, keys: deviceKeys() } })).status, host).toBe(201);
    }
  });

  it('never connects to a kept device whose push service is not at a public address, by number or by the name DNS answers', async () => {
    const writer = await signUp(api.server);
    // Rows the subscription check would refuse now (kept from before it, or a name that resolved elsewhere then).
    const endpoints = [`https://127.0.0.1:${port}/push`, `https://localhost:${port}/push`];
    await api.server.ctx.db
      .insertInto('pushSubscriptions')
      .values(endpoints.map((endpoint) => ({ id: newId(), uid: writer.uid, endpoint, ...deviceKeys(), label: 'Browser', created_at: new Date().toISOString() })))
      .execute();
    const devices = await pushDevicesOf(api.server.ctx, writer.uid);
    const payload = { title: 'Owner sent you a message', body: 'Owner sent you a message on Drabble.', url: '/messages', tag: 'message' };
    expect(await pushToDevices(api.server.ctx, devices, payload)).toBe(0);
    expect(connections).toBe(0);

    // The same pushes where private addresses are allowed (the tests' local push service) do connect.
    const allowing = { ...api.server.ctx, config: { ...api.server.ctx.config, push: { ...api.server.ctx.config.push, httpEndpoints: true } } };
    expect(await pushToDevices(allowing, devices, payload)).toBe(0);
    expect(connections).toBe(2);
  });
});
