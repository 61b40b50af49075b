import sharp from 'sharp';
import { expect, test, type Page } from './support/test';
import { newPerson, type TestPerson } from './support/users';

/** The first-visit tutorial would cover the page; these tests are about the profile. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('drabble.tutorialShown', 'true'));
});

/** Waits for a toast, then closes it so it cannot cover what the test clicks next. */
async function expectToast(page: Page, message: string) {
  const toast = page.getByTestId('toast').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
}

/** The app's own origin (the server refuses changes from any other), whatever port it runs on. */
const appOrigin = () => new URL(test.info().project.use.baseURL ?? '').origin;

/** Signs up through the API, like support/users' signUpThroughApi; the page shares the session. Returns the uid. */
async function signUp(page: Page, person: TestPerson = newPerson('profile')): Promise<string> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: person.email, password: person.password, name: person.name },
    headers: { origin: appOrigin() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

test('a writer edits, cancels and saves each profile section', async ({ page }) => {
  await signUp(page, newPerson('sections', 'Sam Sections'));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Sections' })).toBeVisible();

  // Pronouns: limit, counter, hint, disabled Save, Cancel.
  const pronouns = page.getByTestId('pronouns-section');
  await pronouns.getByRole('button', { name: /^Edit/ }).click();
  await expect(pronouns.getByText('Max 50 characters')).toBeVisible();
  await pronouns.getByTestId('pronouns-input').fill('x'.repeat(51));
  await expect(pronouns.getByTestId('pronouns-input-count')).toHaveText('51/50');
  await expect(pronouns.getByRole('button', { name: 'Save' })).toBeDisabled();
  await pronouns.getByRole('button', { name: 'Cancel' }).click();
  await expect(pronouns.getByTestId('pronouns-value')).toHaveText('Not set');
  await pronouns.getByRole('button', { name: /^Edit/ }).click();
  await expect(pronouns.getByTestId('pronouns-input')).toHaveValue('');
  await pronouns.getByTestId('pronouns-input').fill('  they/them ');
  await expect(pronouns.getByTestId('pronouns-input-count')).toHaveText('12/50');
  await pronouns.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Pronouns updated!');
  await expect(pronouns.getByTestId('pronouns-value')).toHaveText('they/them');
  await expect(page.getByTestId('header-pronouns')).toHaveText('they/them');

  // About Me: save, then Cancel restores the saved text.
  const about = page.getByTestId('about-section');
  await about.getByRole('button', { name: /^Edit/ }).click();
  await expect(about.getByText('Visible to all users. Max 300 characters.')).toBeVisible();
  await about.getByTestId('about-input').fill('I write at night.');
  await expect(about.getByTestId('about-input-count')).toHaveText('17/300');
  await about.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'About Me updated!');
  await about.getByRole('button', { name: /^Edit/ }).click();
  await about.getByTestId('about-input').fill('a'.repeat(301));
  await expect(about.getByRole('button', { name: 'Save' })).toBeDisabled();
  await about.getByRole('button', { name: 'Cancel' }).click();
  await expect(about.getByTestId('about-value')).toHaveText('I write at night.');

  // Extended profile: normalised on save; a javascript: website is refused before sending.
  const details = page.getByTestId('details-section');
  await details.getByRole('button', { name: /^Edit/ }).click();
  await details.getByTestId('location-input').fill('Lyon, France');
  await details.getByTestId('website-input').fill('sam.example.com');
  await details.getByTestId('bluesky-input').fill('@sam.bsky.social');
  await details.getByTestId('xcom-input').fill('@sam_writes');
  await details.getByTestId('reddit-input').fill('u/sam-writes');
  await details.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile updated!');
  const website = details.getByTestId('website-link');
  await expect(website).toHaveAttribute('href', 'https://sam.example.com');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(details.getByTestId('social-bluesky')).toHaveAttribute('href', 'https://bsky.app/profile/sam.bsky.social');
  await expect(details.getByTestId('social-xcom')).toHaveAttribute('href', 'https://x.com/sam_writes');
  await expect(details.getByTestId('social-reddit')).toHaveAttribute('href', 'https://www.reddit.com/user/sam-writes');
  await expect(page.getByTestId('profile-header').getByTestId('profile-location')).toContainText('Lyon, France');

  await details.getByRole('button', { name: /^Edit/ }).click();
  await details.getByTestId('website-input').fill('javascript:alert(1)');
  await details.getByTestId('location-input').fill('Nowhere');
  await expect(details.getByTestId('website-input-error')).toHaveText('Website must be a web address starting with http:// or https://.');
  await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.getByTestId('details-location')).toHaveText('Lyon, France');
  await expect(details.getByTestId('website-link')).toHaveAttribute('href', 'https://sam.example.com');

  // The daily goal is edited from the statistics.
  const goal = page.getByTestId('stat-daily-goal');
  await goal.getByRole('button', { name: /^Edit/ }).click();
  // The form refuses a goal out of range before sending it, in the API's words.
  await goal.getByTestId('daily-goal-input').fill('20');
  await goal.getByRole('button', { name: 'Save' }).click();
  await expect(goal.getByRole('alert')).toHaveText('Daily goal must be at least 50 words.');
  await goal.getByTestId('daily-goal-input').fill('750');
  await goal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Daily goal updated!');
  await expect(goal.getByTestId('stat-daily-goal-value')).toContainText('750');

  // Everything was saved on the server.
  await page.reload();
  await expect(page.getByTestId('pronouns-value')).toHaveText('they/them');
  await expect(page.getByTestId('about-value')).toHaveText('I write at night.');
  await expect(page.getByTestId('details-reddit')).toHaveText('Reddit: u/sam-writes');
});

test('the icon picker saves a new icon, which every avatar then shows', async ({ page }) => {
  await signUp(page);
  await page.goto('/profile');
  const picker = page.getByTestId('icon-picker');
  const save = picker.getByRole('button', { name: 'Save Icon' });
  await expect(picker.getByRole('radio')).toHaveCount(20);
  await expect(picker.getByRole('radio', { name: 'User' })).toBeChecked();
  await expect(save).toBeDisabled();
  // 8 columns on a wide screen, 5 on a small one.
  const columns = () => picker.getByTestId('icon-grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(8);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await columns()).toBe(5);
  await page.setViewportSize({ width: 1280, height: 800 });

  await picker.getByRole('radio', { name: 'Lightbulb' }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Profile icon updated!');
  await expect(save).toBeDisabled();
  await expect(page.getByTestId('account-menu-trigger').getByTestId('avatar-icon')).toHaveAttribute('data-icon', 'Lightbulb');
  await expect(page.getByTestId('avatar-uploader').getByTestId('avatar-icon')).toHaveAttribute('data-icon', 'Lightbulb');
});

test('a writer uploads and removes a profile image; a fake image is refused', async ({ page }) => {
  await signUp(page);
  await page.goto('/profile');
  const uploader = page.getByTestId('avatar-uploader');
  const input = page.getByTestId('profile-image-input');
  await expect(input).toHaveAttribute('accept', 'image/*');

  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file') });
  await expectToast(page, 'Failed to upload image');
  await expect(uploader.getByTestId('avatar-problem')).toContainText('not a supported image');
  await expect(uploader.getByTestId('avatar-icon')).toBeVisible();

  const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#16a085' } }).png().toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, 'Profile image uploaded!');
  const image = uploader.getByTestId('avatar-image');
  await expect(image).toHaveAttribute('src', /^\/api\/images\/profile\/[^?]+\?v=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  await expect(page.getByTestId('account-menu-trigger').getByTestId('avatar-image')).toBeVisible();

  await uploader.getByRole('button', { name: 'Remove photo' }).click();
  await expectToast(page, 'Profile image removed!');
  await expect(uploader.getByTestId('avatar-image')).toHaveCount(0);
  await expect(uploader.getByTestId('avatar-icon')).toBeVisible();
});

test('a public profile shows only public stories, with no owner or favourite actions', async ({ page, browser }) => {
  // The writer, in a browser of their own.
  const writerContext = await browser.newContext({ baseURL: appOrigin() });
  const uid = await signUp(await writerContext.newPage(), newPerson('public', 'Pia Public'));
  const request = writerContext.request;
  const origin = { origin: appOrigin() };
  await request.patch('/api/me/about', { data: { aboutMe: 'Stories about trains.' }, headers: origin });
  await request.patch('/api/me/details', { data: { location: 'Oslo', website: 'pia.example.com', bluesky: '', xcom: '@pia', reddit: '' }, headers: origin });
  for (const [title, isPublic] of [['A Public Train', true], ['A Secret Train', false]] as const) {
    const res = await request.post('/api/stories', { data: { title, content: `${title} left the station at dawn.`, public: isPublic }, headers: origin });
    expect(res.status()).toBe(201);
  }
  await writerContext.close();

  await signUp(page, newPerson('reader', 'Rita Reader'));
  await page.goto(`/user/${uid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pia Public' })).toBeVisible();
  await expect(page.getByTestId('public-about')).toHaveText('Stories about trains.');
  await expect(page.getByTestId('public-identity').getByTestId('website-link')).toHaveAttribute('href', 'https://pia.example.com');
  await expect(page.getByTestId('public-identity').getByTestId('social-xcom')).toHaveAttribute('href', 'https://x.com/pia');
  await expect(page.getByRole('heading', { name: 'Public Stories (1)' })).toBeVisible();
  await expect(page.getByTestId('public-count-value')).toHaveText('1');
  const cards = page.getByTestId('story-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('A Public Train');
  await expect(page.getByText('A Secret Train')).toHaveCount(0);
  await expect(page.getByTestId('owner-actions')).toHaveCount(0);
  await expect(page.getByTestId('favorite-toggle')).toHaveCount(0);

  await page.goto('/user/no-such-writer');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(`${appOrigin()}/`);
});

test('signed out, the profile asks to log in and keeps the icon and About Me on the device', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile.')).toBeVisible();
  const guest = page.getByTestId('guest-profile');
  await guest.getByRole('radio', { name: 'Camera' }).check();
  await guest.getByRole('button', { name: 'Save Icon' }).click();
  await expectToast(page, 'Profile icon updated!');
  await guest.getByTestId('about-section').getByRole('button', { name: /^Edit/ }).click();
  await guest.getByTestId('about-input').fill('Just visiting.');
  await guest.getByTestId('about-section').getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'About Me updated!');

  await page.reload();
  await expect(guest.getByRole('radio', { name: 'Camera' })).toBeChecked();
  await expect(guest.getByTestId('about-value')).toHaveText('Just visiting.');
  expect(await page.evaluate(() => [localStorage.getItem('drabble.profileIcon'), localStorage.getItem('drabble.aboutMe')])).toEqual(['Camera', 'Just visiting.']);
});

test('on a phone, the daily goal form fits inside its statistics tile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page, newPerson('goalphone', 'Gil Goal'));
  await page.goto('/profile');
  const tile = page.getByTestId('stat-daily-goal');
  await tile.getByRole('button', { name: /^Edit/ }).click();
  await expect(tile.getByTestId('daily-goal-form')).toBeVisible();
  const box = (await tile.boundingBox())!;
  for (const name of ['Save', 'Cancel']) {
    const button = (await tile.getByRole('button', { name }).boundingBox())!;
    expect(button.x + button.width, `${name} ends past the tile's right edge`).toBeLessThanOrEqual(box.x + box.width);
  }
});
