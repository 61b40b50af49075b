import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { SCHEDULE_TEXTS, wallTimeIn } from '../common/scheduled-publishing/rules';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { skipTutorial } from './support/tutorial';
import { newPerson } from './support/users';

// Scheduled publishing: a writer in Tokyo schedules a private story from its page, sees it scheduled there and on My Stories, changes the time and cancels it.
const SHOTS = 'e2e/screenshots/scheduled-publishing';
const ZONE = 'Asia/Tokyo';

/** A writer whose browser and account are both in Tokyo (the app saves the browser's zone when they differ). */
async function writerInTokyo(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ timezoneId: ZONE })).newPage();
  await skipTutorial(page);
  const name = `Sora ${crypto.randomBytes(3).toString('hex')}`;
  const person = newPerson('sora', name);
  const headers = { origin: E2E.baseUrl };
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email: person.email, password: person.password, name }, headers });
  expect(res.status(), await res.text()).toBe(200);
  expect((await page.request.patch('/api/me/timezone', { data: { timezone: ZONE }, headers })).status()).toBe(200);
  return page;
}

test('a writer schedules a private story, sees it scheduled, changes the time and cancels it', async ({ browser }) => {
  const page = await writerInTokyo(browser);
  const title = `Lanterns at dawn ${crypto.randomBytes(2).toString('hex')}`;
  const created = await page.request.post('/api/stories', {
    data: { title, content: 'The lanterns went up one by one, and nobody said a word until the last.', public: false },
    headers: { origin: E2E.baseUrl },
  });
  expect(created.status()).toBe(201);
  const { story } = (await created.json()) as { story: { id: string } };
  // Three days from now in Tokyo, at 09:30 and then 11:00 (Tokyo keeps UTC+9 all year).
  const day = wallTimeIn(new Date(Date.now() + 3 * 24 * 3_600_000), ZONE).slice(0, 10);

  await page.goto(`/story/${story.id}`);
  const panel = page.getByTestId('schedule-panel');
  await expect(panel.getByRole('button', { name: 'Schedule' })).toBeVisible();
  await panel.getByRole('button', { name: 'Schedule' }).click();
  const field = panel.getByLabel('Publish on');
  await expect(field).toBeFocused();
  await expect(panel).toContainText('Asia/Tokyo');

  // A time already past is refused beside the field, and nothing is scheduled.
  await field.fill('2020-01-01T09:00');
  await panel.getByTestId('schedule-save').click();
  await expect(panel.getByRole('alert')).toHaveText(SCHEDULE_TEXTS.past);
  await expect(field).toBeFocused();
  await shootLooks(page, SHOTS, 'form-refused', { target: panel, scroll: true, axe: true });

  await field.fill(`${day}T09:30`);
  await panel.getByTestId('schedule-save').click();
  const status = panel.getByTestId('schedule-status');
  await expect(status).toContainText(SCHEDULE_TEXTS.scheduledOn);
  await expect(status).toContainText('9:30');
  await expect(panel.getByRole('button', { name: 'Change' })).toBeFocused();
  await expect(page.getByTestId('private-notice')).toBeVisible();
  const schedule = async () => ((await (await page.request.get(`/api/stories/${story.id}/schedule`)).json()) as { schedule: { publishAt: string } | null }).schedule;
  expect(await schedule()).toEqual({ publishAt: new Date(`${day}T00:30:00.000Z`).toISOString() });
  await shootLooks(page, SHOTS, 'scheduled', { target: page.getByTestId('story-view'), scroll: false, axe: true });

  await page.goto('/stories');
  const list = page.getByTestId('scheduled-stories');
  await expect(list.getByTestId('scheduled-story')).toHaveCount(1);
  await expect(list.getByRole('link', { name: title })).toBeVisible();
  await expect(list).toContainText('9:30');
  await shootLooks(page, SHOTS, 'my-stories', { target: list, axe: true });

  await list.getByRole('link', { name: title }).click();
  await panel.getByRole('button', { name: 'Change' }).click();
  await expect(field).toHaveValue(`${day}T09:30`);
  await field.fill(`${day}T11:00`);
  await shootLooks(page, SHOTS, 'form', { target: panel, scroll: true, axe: true });
  await panel.getByTestId('schedule-save').click();
  await expect(status).toContainText('11:00');
  expect(await schedule()).toEqual({ publishAt: new Date(`${day}T02:00:00.000Z`).toISOString() });

  await panel.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(status).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Schedule' })).toBeFocused();
  expect(await schedule()).toBeNull();
  await expect(page.getByTestId('private-notice')).toBeVisible();
  await page.goto('/stories');
  await expect(page.getByTestId('story-card').first()).toBeVisible();
  await expect(page.getByTestId('scheduled-stories')).toHaveCount(0);
});
