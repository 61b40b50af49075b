import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../lib/errors';
import { PUSH_UI_TEXTS, subscribeThisDevice } from './push';

/** A browser's PushSubscription as far as the page uses it: its JSON and unsubscribe. */
function fakeSubscription(endpoint: string) {
  const subscription = {
    endpoint,
    unsubscribed: false,
    toJSON: () => ({ endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      return true;
    },
  };
  return subscription;
}

/** The browser around subscribeThisDevice: the permission it answers, the service worker's push manager, local storage and the server. */
function stubBrowser(permission: NotificationPermission, answers: Array<{ status: number; body: unknown }>) {
  const made: Array<ReturnType<typeof fakeSubscription>> = [];
  const posted: string[] = [];
  const pushManager = {
    subscribe: vi.fn(async () => {
      const subscription = fakeSubscription(`https://push.example/send/${made.length + 1}`);
      made.push(subscription);
      return subscription;
    }),
  };
  const stored = new Map<string, string>();
  vi.stubGlobal('Notification', { requestPermission: async () => permission, permission });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ pushManager }) } });
  vi.stubGlobal('window', { localStorage: { setItem: (k: string, v: string) => stored.set(k, v), getItem: (k: string) => stored.get(k) ?? null } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      posted.push((JSON.parse(String(init.body)) as { subscription: { endpoint: string } }).subscription.endpoint);
      const answer = answers.shift()!;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { made, posted, pushManager, stored };
}

const device = (id: string) => ({ subscription: { id, label: 'Chrome on Linux', createdAt: '2026-12-01T10:00:00.000Z' } });

describe('turning push on for this device', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('with notifications blocked for the site, says so and how to allow them, and asks the server nothing', async () => {
    const browser = stubBrowser('denied', []);
    const failure = await subscribeThisDevice('BPublicKey').catch((err: unknown) => err);
    expect(errorMessage(failure)).toBe(PUSH_UI_TEXTS.notificationsBlocked);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.posted).toEqual([]);
  });

  it('with the permission prompt dismissed, asks to allow them', async () => {
    stubBrowser('default', []);
    const failure = await subscribeThisDevice('BPublicKey').catch((err: unknown) => err);
    expect(errorMessage(failure)).toBe(PUSH_UI_TEXTS.permissionRefused);
  });

  it('when this browser’s subscription belongs to another account (signed in here before), makes a new one and registers that', async () => {
    const browser = stubBrowser('granted', [
      { status: 409, body: { error: { code: 'endpoint_taken', message: 'This browser already receives notifications for another account. Remove it there first.' } } },
      { status: 201, body: device('d2') },
    ]);
    expect((await subscribeThisDevice('BPublicKey')).id).toBe('d2');
    expect(browser.posted).toEqual(['https://push.example/send/1', 'https://push.example/send/2']);
    expect(browser.made.map((s) => s.unsubscribed)).toEqual([true, false]);
    expect(browser.stored.get('drabble.pushDevice')).toBe('d2');
  });

  it('registers the browser’s subscription once when the server takes it', async () => {
    const browser = stubBrowser('granted', [{ status: 201, body: device('d1') }]);
    expect((await subscribeThisDevice('BPublicKey')).id).toBe('d1');
    expect(browser.posted).toEqual(['https://push.example/send/1']);
    expect(browser.made.map((s) => s.unsubscribed)).toEqual([false]);
  });
});
