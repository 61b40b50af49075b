import { expect, test, type Locator, type Page } from './support/test';
import { formatDay } from '../common/calendar/calendar';
import { addDays } from '../common/streaks/streak';
import { seedWritingDays } from './support/db';
import { E2E } from './support/env';
import { newPerson, signUpThroughApi } from './support/users';
import { skipTutorial } from './support/tutorial';
import { shootLooks } from './support/looks';
import { expectNoAxeViolations } from './support/axe';

// Writing, the profile's calendar and a challenge, with screenshots light, dark and at 375 px.

const SHOTS = '/tmp/shots-calendar';
const PHONE_SHOTS = 'e2e/screenshots/calendar';

const shoot = (page: Page, name: string, target: Locator) => shootLooks(page, SHOTS, name, { target });


const STORY = 'The lighthouse keeper wrote one line a night, and by winter the lines had become a map home.';
const WORDS = 18;

test('a writer’s words show on the profile calendar, with its tooltip and table, and a challenge projects the finish', async ({ page }) => {
  await signUpThroughApi(page, newPerson('calendar', 'Cal Endar'));

  await test.step('write a story', async () => {
    await page.goto('/story/new');
    await page.getByTestId('story-title-input').fill('The map home');
    await page.getByTestId('story-text-input').fill(STORY);
    await expect(page.getByTestId('word-count')).toHaveText(`${WORDS} words`);
    await page.getByTestId('save-story').click();
    await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
  });

  const res = await page.request.get('/api/me/calendar');
  const { today } = (await res.json()) as { today: string };

  await page.goto('/profile');
  const calendar = page.getByTestId('writing-calendar');

  await test.step('today’s cell has the words; its tooltip shows on keyboard focus and on hover', async () => {
    await expect(calendar.getByRole('heading', { name: 'Writing calendar' })).toBeVisible();
    await expect(calendar.getByTestId('words-this-week-value')).toHaveText(String(WORDS));
    await expect(calendar.getByTestId('words-this-month-value')).toHaveText(String(WORDS));
    const cell = calendar.locator(`[data-day="${today}"]`);
    await expect(cell).toHaveAttribute('data-words', String(WORDS));
    await expect(cell).toHaveAttribute('data-level', '1');

    const tooltip = calendar.getByTestId('heat-map-tooltip');
    await expect(tooltip).toHaveCount(0);
    await calendar.getByTestId('heat-map').focus();
    await expect(tooltip).toHaveText(`${formatDay(today, today, { locale: 'en-US' })}: ${WORDS} words · 3% of the goal`);
    await page.keyboard.press('ArrowUp');
    await expect(tooltip).toHaveText(`${formatDay(addDays(today, -1), today, { locale: 'en-US' })}: no words`);
    await page.keyboard.press('End');
    await expect(tooltip).toContainText(`${WORDS} words`);
    await calendar.getByTestId('heat-map').blur();
    await expect(tooltip).toHaveCount(0);
    await cell.hover();
    await expect(tooltip).toHaveText(`${formatDay(today, today, { locale: 'en-US' })}: ${WORDS} words · 3% of the goal`);
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
  });

  await test.step('the goal line, the legend, and the table for screen readers', async () => {
    await expect(calendar.getByTestId('goal-line')).toContainText('Goal: 500 words');
    await expect(calendar.getByTestId('calendar-legend')).toContainText('frozen: a streak freeze covered the day');
    const table = calendar.getByRole('table', { name: /Words written per day/ });
    await expect(table).toHaveCount(1);
    const month = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${today}T00:00:00Z`));
    const row = table.getByRole('row', { name: new RegExp(`^${month}`) });
    await expect(row.getByRole('cell').nth(Number(today.slice(8)) - 1)).toHaveText(String(WORDS));
  });

  const challenges = page.getByTestId('challenges');
  await test.step('a challenge out of range is refused beside the form', async () => {
    await challenges.getByLabel('Words').fill('50');
    await challenges.getByRole('button', { name: 'Start challenge' }).click();
    await expect(challenges.getByRole('alert')).toHaveText('A challenge needs at least 100 words.');
    await expect(challenges.getByLabel('Words')).toHaveValue('50');
    await expect(challenges.getByLabel('Words')).toHaveAttribute('aria-invalid', 'true');
    await expect(challenges.getByLabel('Days')).not.toHaveAttribute('aria-invalid');
  });

  await test.step('start a challenge: the progress bar and the projection', async () => {
    await challenges.getByLabel('Words').fill('100');
    await challenges.getByLabel('Days').fill('7');
    await challenges.getByRole('button', { name: 'Start challenge' }).click();
    const bar = challenges.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', String(WORDS));
    await expect(challenges.getByTestId('challenge-summary')).toHaveText(`${WORDS} of 100 words · day 1 of 7`);
    // 18 a day: the 82 to go take 5 more days.
    await expect(challenges.getByTestId('challenge-projection')).toHaveText(`At this pace you'll finish on ${formatDay(addDays(today, 5), today, { locale: 'en-US' })}`);
  });

  await calendar.scrollIntoViewIfNeeded();
  await shoot(page, 'calendar', calendar);
  await shoot(page, 'challenge', challenges);

  await test.step('give it up, with confirmation; it is listed as given up', async () => {
    await challenges.getByRole('button', { name: 'Give up' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Give up this challenge?');
    await dialog.getByRole('button', { name: 'Give up' }).click();
    await expect(challenges.getByTestId('past-challenges')).toContainText('100 words in 7 days');
    await expect(challenges.getByTestId('past-challenges')).toContainText('given up');
    await expect(challenges.getByRole('button', { name: 'Start challenge' })).toBeVisible();
  });
  await shoot(page, 'challenge-past', challenges);
});

test('a year of writing: goal-met days marked, days a freeze covered shown frozen', async ({ page }) => {
  await skipTutorial(page);
  const person = newPerson('year', 'Year Writer');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...person }, headers: { origin: E2E.baseUrl } });
  expect(signUp.status()).toBe(200);
  const uid = ((await signUp.json()) as { user: { id: string } }).user.id;
  const { today } = (await (await page.request.get('/api/me/calendar')).json()) as { today: string };

  const days: Record<string, number> = {};
  // Scattered days through the year, never seven in a row.
  for (let back = 46; back < 365; back += 9) days[addDays(today, -back)] = 450;
  // Seven days running earn a freeze, which covers the day after; then again.
  for (let back = 20; back >= 14; back--) days[addDays(today, -back)] = 600;
  [100, 300, 520, 1200, 250, 700, 480].forEach((words, i) => (days[addDays(today, -12 + i)] = words));
  [600, 90, 1000, 510].forEach((words, i) => (days[addDays(today, -4 + i)] = words));
  days[today] = 1100;
  seedWritingDays(uid, days);

  await page.goto('/profile');
  const calendar = page.getByTestId('writing-calendar');
  const frozen = calendar.getByTestId('heat-map').locator('[data-frozen]');
  await expect(frozen).toHaveCount(2);
  await expect(frozen.first()).toHaveAttribute('data-day', addDays(today, -13));
  await expect(calendar.locator(`[data-day="${today}"]`)).toHaveAttribute('data-level', '4');
  await expect(calendar.locator(`[data-day="${addDays(today, -11)}"]`)).toHaveAttribute('data-level', '2');
  await expect(calendar.locator(`[data-day="${addDays(today, -10)}"]`)).toHaveAttribute('data-level', '3');
  await frozen.last().hover();
  await expect(calendar.getByTestId('heat-map-tooltip')).toHaveText(`${formatDay(addDays(today, -5), today, { locale: 'en-US' })}: frozen — a streak freeze covered this day`);
  await expect(calendar.getByRole('table', { name: /Words written per day/ }).getByRole('cell', { name: 'frozen' })).toHaveCount(2);
  await page.mouse.move(0, 0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page, scheme, { include: ['[data-testid="writing-calendar"]', '[data-testid="challenges"]'] });
  }
  await calendar.scrollIntoViewIfNeeded();
  await shoot(page, 'calendar-year', calendar);
});

test('on a phone the heat map opens on today, with the weekday labels in view however far it is scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page, newPerson('phone', 'Pho Calendar'));
  const { today } = (await (await page.request.get('/api/me/calendar')).json()) as { today: string };
  await page.goto('/profile');
  const calendar = page.getByTestId('writing-calendar');
  const map = calendar.getByTestId('heat-map');
  await map.scrollIntoViewIfNeeded();

  /** Today's cell and the ring that marks it (2 px around) lie wholly inside the heat map's visible box. */
  const todayInView = async () => {
    const [outer, cell] = await Promise.all([map.boundingBox(), calendar.locator(`[data-day="${today}"]`).boundingBox()]);
    return outer !== null && cell !== null && cell.x - 2 >= outer.x && cell.x + cell.width + 2 <= outer.x + outer.width;
  };
  const weekdays = calendar.getByTestId('heat-map-weekdays');
  await expect.poll(todayInView).toBe(true);
  await expect(weekdays).toBeInViewport({ ratio: 1 });
  await expect(weekdays).toContainText('Mon');

  // The labels stay put when the writer scrolls back through the year; a reload at this width opens on today again.
  await map.evaluate((box) => box.scrollTo({ left: 0 }));
  await expect.poll(() => map.evaluate((box) => box.scrollLeft)).toBe(0);
  await expect(weekdays).toBeInViewport({ ratio: 1 });
  await page.reload();
  await map.scrollIntoViewIfNeeded();
  await expect.poll(todayInView).toBe(true);
  await expect(weekdays).toBeInViewport({ ratio: 1 });
  await shootLooks(page, PHONE_SHOTS, 'calendar-phone', { target: calendar, axe: true, scroll: true });
});
