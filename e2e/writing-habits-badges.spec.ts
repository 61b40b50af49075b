import { expect, test, type Page } from './support/test';
import { earnedText } from '../common/badges/badges';
import { skipTutorial } from './support/tutorial';
import { writerInOwnContext } from './support/users';


const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('user-notification-bell');

/** The date a badge earned now shows, in the browser's own time zone. */
async function earnedToday(page: Page): Promise<string> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return earnedText(new Date().toISOString(), zone, 'en-US');
}

test('a first story earns "First story": announced on the bell, shown on the profile with today’s date', async ({ browser }) => {
  const { page, uid, name } = await writerInOwnContext(browser, 'Badger');
  await page.goto('/profile');
  const badges = page.getByTestId('badges');
  await expect(badges.getByText(`0 of 11 earned`)).toBeVisible();
  await expect(badges.getByTestId('badges-earned')).toHaveCount(0);
  // Locked ones say how to earn them.
  await expect(badges.getByTestId('badges-locked').getByTestId('badge').filter({ hasText: 'First story' })).toContainText('Save your first story.');

  await page.goto('/story/new');
  await page.getByTestId('story-title-input').fill('The first one');
  await page.getByTestId('story-text-input').fill('She wrote one line, then another, and the kettle sang.');
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);

  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  const row = page.getByTestId('user-notification-panel').getByTestId('user-notification');
  await expect(row.getByTestId('notification-sentence')).toHaveText('You earned a badge: First story');
  await row.click();
  await expect(page).toHaveURL(/\/profile$/);

  const earned = page.getByTestId('badges').getByTestId('badges-earned').getByTestId('badge');
  await expect(earned).toHaveCount(1);
  await expect(earned.getByTestId('badge-name')).toHaveText('First story');
  await expect(earned.getByTestId('badge-earned')).toHaveText(await earnedToday(page));
  await expect(page.getByTestId('badges').getByText('1 of 11 earned')).toBeVisible();
  await expect(page.getByTestId('badges-locked').getByTestId('badge')).toHaveCount(10);

  // Others see the earned badge on the public profile, without the locked ones.
  const guest = await (await browser.newContext()).newPage();
  await skipTutorial(guest);
  await guest.goto(`/user/${uid}`);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(guest.getByTestId('badges').getByTestId('badge')).toHaveText([/First story/]);
  await expect(guest.getByTestId('badges-locked')).toHaveCount(0);

  // A writer without badges shows no section at all.
  const other = await writerInOwnContext(browser, 'Newcomer');
  await guest.goto(`/user/${other.uid}`);
  await expect(guest.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await expect(guest.getByTestId('public-stats')).toBeVisible();
  await expect(guest.getByTestId('badges')).toHaveCount(0);
});
