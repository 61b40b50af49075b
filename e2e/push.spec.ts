import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { EMAIL_TYPE_LABELS, NOTIFICATION_TYPE_LABELS } from '@common/notifications/notifications';
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
    // What a push service delivers, as Chromium would hand it to the worker (the payload server/features/notifications/emails.ts
    // sends: title, body, url, tag; anything else in it is not read).
    const push = (payload: { title: string; body: string; url: string; tag: string }) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E.baseUrl, registrationId, data: JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag }) });
    // What the worker asks Chromium to show, recorded in the worker as each is shown. Not read
    // back with getNotifications(): Chromium's answer first drops every stored notification it
    // does not yet count as displayed, so a read just after a push lost that notification for
    // good (3–5 of 30 repeats, on a quiet machine; none in 30 without the reads). Replacing the
    // older notification of the same tag is Chromium's part.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(() => {
      const scope = globalThis as unknown as { registration: ServiceWorkerRegistration; shownForTest: object[] };
      scope.shownForTest = [];
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.registration.showNotification = async (title, options = {}) => {
        await show(title, options);
        const { renotify } = options as { renotify?: boolean };
        scope.shownForTest.push({ title, body: options.body, tag: options.tag, renotify, url: (options.data as { url: string }).url });
      };
    });
    const shown = () => worker.evaluate(() => (globalThis as unknown as { shownForTest: object[] }).shownForTest);
    const owner = { title: 'Owner sent you a message', body: 'Owner sent you a message on Drabble.', tag: 'message', renotify: true, url: '/messages?c=abc' };
    const bo = { title: 'Bo sent you a message', body: 'Bo sent you a message on Drabble.', tag: 'message', renotify: true, url: '/messages?c=def' };
    const streak = { title: 'Your 3-day streak ends at midnight', body: 'Write a few words.', tag: 'streak_reminder', renotify: true, url: '/' };
    // Each shown before the next arrives, as pushes seconds apart are: two delivered at once may
    // be shown in either order (the worker handles them side by side), which under load they were.
    await push(owner);
    await expect.poll(shown).toEqual([owner]);
    await push(bo);
    await expect.poll(shown).toEqual([owner, bo]);
    // A screen outside the app is never opened: the worker falls back to home.
    await push({ ...streak, url: 'https://elsewhere.example/' });
    await expect.poll(shown).toEqual([owner, bo, streak]);
  });
});

/*
 * Push in /settings: a push switch per pushed type beside the email ones, and the
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

test('settings: “Turn on for this device” with notifications blocked for the site says so, and how to allow them', async ({ page, context, browser }) => {
  await signUpThroughApi(page, newPerson('pushblocked', 'Blocked Writer'));
  // Blocked as a person blocks them: in the browser's own permission for the site.
  const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
  await (await browser.newBrowserCDPSession()).send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: E2E.baseUrl, browserContextId: targetInfo.browserContextId });
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');

  await page.goto('/settings#notifications');
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Turn on for this device' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/Notifications are blocked for this site in your browser\. To allow them, open the site’s settings \(the icon beside the address\), set Notifications to Allow, then try again\./);
  await expect(toast).not.toContainText('Something went wrong');
  expect(((await (await page.request.get('/api/me/push-subscriptions')).json()) as { devices: unknown[] }).devices).toEqual([]);
});

test('settings: the push streak-reminder switch is off and waits while the reminder itself is off', async ({ page }) => {
  await signUpThroughApi(page, newPerson('pushstreak', 'Streak Writer'));
  await page.goto('/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications' });
  const reminder = section.getByRole('switch', { name: NOTIFICATION_TYPE_LABELS.streak_reminder, exact: true });
  const pushed = section.getByRole('switch', { name: `Push: ${EMAIL_TYPE_LABELS.streak_reminder}`, exact: true });
  const emailed = section.getByRole('switch', { name: `Email: ${EMAIL_TYPE_LABELS.streak_reminder}`, exact: true });
  // The reminder is off until the writer turns it on: nothing can be pushed or emailed.
  await expect(reminder).toHaveAttribute('aria-checked', 'false');
  for (const delivery of [pushed, emailed]) {
    await expect(delivery).toHaveAttribute('aria-checked', 'false');
    await expect(delivery).toBeDisabled();
    await expect(delivery).toHaveAccessibleDescription('Only while the reminder above is on.');
  }
  await pushed.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'push settings, reminder off', { include: ['[data-testid="settings-notifications"]'] });

  // Turned on, the push switch shows what is kept for it (on by default), and can be changed.
  await reminder.click();
  await expect(reminder).toHaveAttribute('aria-checked', 'true');
  await expect(pushed).toBeEnabled();
  await expect(pushed).toHaveAttribute('aria-checked', 'true');
  await expect(emailed).toBeEnabled();
  await expect(emailed).toHaveAttribute('aria-checked', 'false');
  await pushed.click();
  await expect(pushed).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => ((await (await page.request.get('/api/me/notification-prefs')).json()) as { push: { streak_reminder: boolean } }).push.streak_reminder).toBe(false);
});
