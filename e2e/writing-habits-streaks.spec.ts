import { expect, test, type Locator, type Page } from './support/test';
import { NOTIFICATION_TYPE_LABELS } from '../common/notifications/notifications';
import { addDays, FREEZE_EXPLANATION } from '../common/streaks/streak';
import { seedWritingDays } from './support/db';
import { E2E } from './support/env';
import { newPerson } from './support/users';
import { skipTutorial } from './support/tutorial';
import { shootLooks } from './support/looks';

// Streaks that forgive: streak, best and freezes on home and /profile, a day a freeze covered,
// and the 20:00 reminder's switch in Settings; screenshots light, dark and at 375 px.

const SHOTS = '/tmp/shots-streaks';

const shoot = (page: Page, name: string, target: Locator) => shootLooks(page, SHOTS, name, { target, scroll: true, axe: true });


test('home and the profile show the streak, the best and the freezes held; a missed day shows frozen', async ({ page }) => {
  await skipTutorial(page);
  const person = newPerson('streaks', 'Stella Streak');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...person }, headers: { origin: E2E.baseUrl } });
  expect(signUp.status()).toBe(200);
  const uid = ((await signUp.json()) as { user: { id: string } }).user.id;

  await page.goto('/');
  const card = page.getByTestId('progress-card');
  await expect(card.getByTestId('streak')).toHaveText('0 days');

  await test.step('a first story starts the streak: 1 day, best 1, no freezes yet, and what a freeze is', async () => {
    const res = await page.request.post('/api/stories', { data: { title: 'Day one', content: 'The first line of many.' }, headers: { origin: E2E.baseUrl } });
    expect(res.status(), await res.text()).toBe(201);
    await page.reload();
    await expect(card.getByTestId('streak')).toHaveText('1 day');
    await expect(card.getByTestId('best-streak')).toHaveText('1 day');
    await expect(card.getByTestId('freezes-held')).toHaveText('0 freezes');
    await expect(card.getByTestId('freeze-explanation')).toHaveText(FREEZE_EXPLANATION);
    await expect(card.getByTestId('freeze-explanation')).toHaveText('A freeze covers a missed day. You earn one every 7 days in a row, up to 2.');
  });

  const { progress } = (await (await page.request.get('/api/me/progress')).json()) as { progress: { today: string } };
  const today = progress.today;
  const missed = addDays(today, -2);

  await test.step('fourteen days in a row earn two freezes; the day before yesterday, missed, spent one', async () => {
    const days: Record<string, number> = {};
    for (let back = 16; back >= 3; back--) days[addDays(today, -back)] = 120;
    days[addDays(today, -1)] = 80;
    seedWritingDays(uid, days);
    await page.reload();
    await expect(card.getByTestId('streak')).toHaveText('16 days');
    await expect(card.getByTestId('best-streak')).toHaveText('16 days');
    await expect(card.getByTestId('freezes-held')).toHaveText('1 freeze');
    const frozen = card.locator('li[data-frozen]');
    await expect(frozen).toHaveCount(1);
    await expect(frozen).toHaveAttribute('title', /: frozen \(a freeze covered it\)$/);
    await expect(frozen.locator('.sr-only')).toHaveText(/frozen/);
  });
  await shoot(page, 'progress-card', card);

  await test.step('the profile shows the freezes held and the day one covered', async () => {
    await page.goto('/profile');
    const section = page.getByTestId('profile-streak-freezes');
    await expect(section.getByRole('heading', { name: 'Streak freezes' })).toBeVisible();
    await expect(section.getByTestId('profile-freezes-held')).toHaveText('1 freeze');
    await expect(section).toContainText(FREEZE_EXPLANATION);
    await expect(section.getByTestId('profile-frozen-days').locator(`time[datetime="${missed}"]`)).toHaveCount(1);
    await expect(page.getByTestId('stat-streak')).toContainText('16');
    await expect(page.getByTestId('stat-best-streak')).toContainText('16');
    await shoot(page, 'profile-freezes', section);
  });
});

test('Settings: the streak reminder is off by default, and switching it on is kept', async ({ page }) => {
  await skipTutorial(page);
  const person = newPerson('reminder', 'Remy Minder');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...person }, headers: { origin: E2E.baseUrl } });
  expect(signUp.status()).toBe(200);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notifications' });
  const reminder = section.getByRole('switch', { name: NOTIFICATION_TYPE_LABELS.streak_reminder, exact: true });
  await expect(reminder).toHaveAttribute('aria-checked', 'false');
  await expect(reminder).toHaveAccessibleDescription('In your own time zone, and only on a day you have not written yet.');
  // Nobody else causes it: no "from whom" choice beside it.
  await expect(page.getByTestId('notification-pref-streak_reminder').getByRole('combobox')).toHaveCount(0);
  const email = section.getByRole('switch', { name: 'Email: Streak reminders', exact: true });
  await expect(email).toHaveAttribute('aria-checked', 'false');

  await reminder.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Notification settings saved' })).toBeVisible();
  await expect(reminder).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(section.getByRole('switch', { name: NOTIFICATION_TYPE_LABELS.streak_reminder, exact: true })).toHaveAttribute('aria-checked', 'true');
  const prefs = (await (await page.request.get('/api/me/notification-prefs')).json()) as { types: { streak_reminder: { on: boolean } }; email: { streak_reminder: boolean } };
  expect(prefs.types.streak_reminder.on).toBe(true);
  expect(prefs.email.streak_reminder).toBe(false);
  await page.getByTestId('notification-pref-streak_reminder').scrollIntoViewIfNeeded();
  await shoot(page, 'settings-reminder', page.getByTestId('notification-pref-streak_reminder'));
});
