import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { EMAIL_TYPE_LABELS } from '@common/notifications';
import { E2E } from './support/env';
import { expectNoAxeViolations } from './support/axe';
import { shootLooks } from './support/looks';
import { newPerson, signUpThroughApi } from './support/users';

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('shows a push as a notification, one per type (its tag), carrying the screen a click opens', async ({ page, context }) => {
    await context.grantPermissions(['notifications'], { origin: E2E.baseUrl });
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${E2E.baseUrl}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    // What a push service delivers, as Chromium would hand it to the worker (the payload server/features/notifications/emails.ts sends).
    const push = (payload: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E.baseUrl, registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const notes = (await registration?.getNotifications()) ?? [];
        return notes.map((n) => ({ title: n.title, tag: n.tag, url: (n.data as { url: string }).url })).sort((a, b) => a.tag.localeCompare(b.tag));
      });
    await push({ title: 'Owner sent you a message', body: 'Owner sent you a message on Drabble.', url: '/messages?c=abc', tag: 'message' });
    // Each shown before the next arrives, as pushes seconds apart are: two delivered at once may
    // be shown in either order (the worker handles them side by side), which under load they were.
    await expect.poll(shown).toEqual([{ title: 'Owner sent you a message', tag: 'message', url: '/messages?c=abc' }]);
    await push({ title: 'Bo sent you a message', body: 'Bo sent you a message on Drabble.', url: '/messages?c=def', tag: 'message' });
    await expect.poll(shown).toEqual([{ title: 'Bo sent you a message', tag: 'message', url: '/messages?c=def' }]);
    await push({ title: 'Your 3-day streak ends at midnight', body: 'Write a few words.', url: '/', tag: 'streak_reminder' });
    await expect.poll(shown).toEqual([
      { title: 'Bo sent you a message', tag: 'message', url: '/messages?c=def' },
      { title: 'Your 3-day streak ends at midnight', tag: 'streak_reminder', url: '/' },
    ]);
  });
});

/*
 * Push in /settings (issue 29): a push switch per pushed type beside the email ones, and the
 * devices that receive pushes, each with "Remove". (Subscribing a real Chromium needs its push
 * service on the internet; the API tests push through a local one, server/features/push.)
 */

test('settings: push switches beside email, and the subscribed devices with Remove', async ({ page }) => {
  await signUpThroughApi(page, newPerson('push', 'Push Writer'));
  // A device subscribed elsewhere (what a phone's browser sends after allowing notifications).
  const endpoint = `https://push.example/send/${crypto.randomBytes(8).toString('hex')}`;
  const added = await page.request.post('/api/me/push-subscriptions', {
    data: { subscription: { endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } } },
    headers: { origin: E2E.baseUrl, 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications' });
  const messages = section.getByRole('switch', { name: `Push: ${EMAIL_TYPE_LABELS.message}`, exact: true });
  await expect(messages).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByRole('switch', { name: `Email: ${EMAIL_TYPE_LABELS.message}`, exact: true })).toHaveAttribute('aria-checked', 'true');
  await messages.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Notification settings saved' })).toBeVisible();
  await expect(messages).toHaveAttribute('aria-checked', 'false');
  const prefs = (await (await page.request.get('/api/me/notification-prefs')).json()) as { push: { message: boolean; streak_reminder: boolean }; email: { message: boolean } };
  expect(prefs).toMatchObject({ push: { message: false, streak_reminder: true }, email: { message: true } });

  const devices = section.getByTestId('push-devices');
  await expect(devices).toContainText('Chrome on Android');
  await devices.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'push settings', { include: ['[data-testid="settings-notifications"]'] });
  await shootLooks(page, '/tmp/pwa-shots', 'push-settings', { target: devices, scroll: true });
  await devices.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Device removed.' })).toBeVisible();
  await expect(devices).toContainText('No device receives push notifications yet.');
  expect(((await (await page.request.get('/api/me/push-subscriptions')).json()) as { devices: unknown[] }).devices).toEqual([]);
});
