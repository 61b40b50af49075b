import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './support/test';
import { saveThemeModeThroughApi } from './support/appearance';
import { E2E } from './support/env';
import { nextLoggedEvent } from './support/event-log';
import { TUTORIAL_SHOWN_STORAGE_KEY } from '../web/app/tutorial/tutorial-storage';
import { newPerson, signUpThroughApi, signUpThroughUi, type TestPerson } from './support/users';
import { expectNoAxeViolations } from './support/axe';
import { shot } from './support/looks';

const TITLES = [
  'Welcome',
  'Daily Prompt',
  'Write Your Story',
  'Make Stories Public or Private',
  'Reactions & Comments',
  'Add and Follow Friends',
  'Profile & Streaks',
  "You're Ready",
];

function tutorial(page: Page): Locator {
  return page.getByRole('dialog');
}

async function expectStep(page: Page, n: number) {
  const card = tutorial(page);
  await expect(card.getByRole('heading')).toHaveText(TITLES[n - 1] ?? '');
  await expect(card.getByText(`Step ${n} of 8`, { exact: true })).toBeVisible();
}

async function openFromHelpButton(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open tutorial' }).click();
  await expect(tutorial(page)).toBeVisible();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

test('opens by itself on a writer’s first visit only, and not for guests', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);

  await signUpThroughUi(page, newPerson('tour'), { skipTutorial: false });
  await expectStep(page, 1);
  await expect(tutorial(page)).toHaveAccessibleName('Welcome');
  expect(await page.evaluate(() => window.localStorage.getItem('drabble.tutorialShown'))).toBe('true');
  const closed = nextLoggedEvent(page, 'tutorial_closed');
  await page.keyboard.press('Escape');
  expect((await closed).details).toMatchObject({ step: 1, openedBy: 'first-visit' });
  await expect(tutorial(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open tutorial' })).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);
});

test('the help button walks through the 8 steps with Close, Back, Next and Finish; focus stays in the card', async ({ page }) => {
  // Signed up elsewhere (the API): the tutorial still opens by itself on the first page here.
  await signUpThroughApi(page, newPerson('tour'), { skipTutorial: false });
  await page.goto('/stories');
  await expectStep(page, 1);
  await tutorial(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(tutorial(page)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);

  await openFromHelpButton(page);
  const card = tutorial(page);
  const left = card.getByRole('button', { name: /^(Close|Back)$/ });
  const right = card.getByRole('button', { name: /^(Next|Finish)$/ });

  await expectStep(page, 1);
  await expect(left).toHaveText('Close');
  await expect(right).toHaveText('Next');
  await expect(right).toBeFocused();
  for (let n = 2; n <= 8; n += 1) {
    await right.click();
    await expectStep(page, n);
    await expect(left).toHaveText('Back');
    await expect(right).toHaveText(n === 8 ? 'Finish' : 'Next');
  }
  await left.click();
  await expectStep(page, 7);
  await right.click();
  await expectStep(page, 8);

  const completed = nextLoggedEvent(page, 'tutorial_completed');
  await right.click();
  expect((await completed).details).toMatchObject({ step: 8, of: 8, openedBy: 'help-button' });
  await expect(card).toHaveCount(0);

  // Reopening starts again at the first step, wherever it was left.
  await openFromHelpButton(page);
  await expectStep(page, 1);
  await right.click();
  await right.click();
  await expectStep(page, 3);
  const closed = nextLoggedEvent(page, 'tutorial_closed');
  await page.keyboard.press('Escape');
  expect((await closed).details).toMatchObject({ step: 3 });
  await openFromHelpButton(page);
  await expectStep(page, 1);
  await card.getByRole('button', { name: 'Close tutorial' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open tutorial' })).toBeFocused();

  // A modal card: Tab and Shift+Tab stay inside it; it passes axe.
  await openFromHelpButton(page);
  await right.click();
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await card.evaluate((el) => el.contains(document.activeElement)), key).toBe(true);
  }
  await expectNoAxeViolations(page);
});

test('anchored steps sit beside the story editor and the profile menu, and centre without them', async ({ page }) => {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await signUpThroughApi(page);
  await saveThemeModeThroughApi(page, 'dark-blue');
  await page.goto('/');
  await openFromHelpButton(page);
  const card = page.getByTestId('tutorial-card');
  const next = card.getByRole('button', { name: 'Next' });

  await next.click();
  await next.click();
  await expectStep(page, 3);
  // No story editor on the home screen: the card centres itself.
  await expect(card).toHaveAttribute('data-placement', 'center');
  await expect(card).toHaveAttribute('data-anchored', 'false');
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const centred = await boxOf(card);
  expect(Math.abs(centred.x + centred.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(Math.abs(centred.y + centred.height / 2 - viewport.height / 2)).toBeLessThan(2);

  for (let n = 4; n <= 7; n += 1) await next.click();
  await expectStep(page, 7);
  await expect(card).toHaveAttribute('data-anchored', 'true');
  await expect(card).toHaveAttribute('data-placement', 'below');
  const trigger = await boxOf(page.getByTestId('account-menu-trigger'));
  const besideMenu = await boxOf(card);
  expect(besideMenu.y).toBeGreaterThanOrEqual(trigger.y + trigger.height);
  expect(besideMenu.x + besideMenu.width).toBeGreaterThan(trigger.x);
  await shot(page, { path: 'e2e/screenshots/tutorial-profile-menu-dark-blue-desktop.png' });
  await page.keyboard.press('Escape');

  await page.goto('/story/new');
  await expect(page.locator('[data-tutorial="story-editor"]')).toBeVisible();
  await openFromHelpButton(page);
  await next.click();
  await next.click();
  await expectStep(page, 3);
  await expect(card).toHaveAttribute('data-anchored', 'true');
  await expect(page.getByTestId('tutorial-spotlight')).toBeVisible();
  await shot(page, { path: 'e2e/screenshots/tutorial-story-editor-dark-blue-desktop.png' });
  await page.keyboard.press('Escape');

  // On a phone the profile step points at the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('mobile-menu').getByRole('button', { name: 'Open tutorial' }).click();
  for (let n = 2; n <= 7; n += 1) await next.click();
  await expectStep(page, 7);
  await expect(card).toHaveAttribute('data-anchored', 'true');
  const menuButton = await boxOf(page.getByTestId('menu-button'));
  const onPhone = await boxOf(card);
  expect(onPhone.y).toBeGreaterThanOrEqual(menuButton.y + menuButton.height);
  expect(onPhone.x).toBeGreaterThanOrEqual(0);
  expect(onPhone.x + onPhone.width).toBeLessThanOrEqual(390);
  await shot(page, { path: 'e2e/screenshots/tutorial-profile-menu-dark-blue-phone.png' });
});

test('an anchored step scrolls its target into view first, on a phone and on a desktop', async ({ page }) => {
  await signUpThroughApi(page);
  // Long enough that the reactions sit well below the fold of either screen.
  const content = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a story that goes on and on.`).join('\n\n');
  const res = await page.request.post('/api/stories', { data: { title: 'A long walk', content, public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;
  const reactions = page.locator('[data-tutorial="story-reactions"]');
  const card = page.getByTestId('tutorial-card');

  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    await page.goto(`/story/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'A long walk' })).toBeVisible();
    await expect(reactions).not.toBeInViewport();
    if (size.width < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('mobile-menu').getByRole('button', { name: 'Open tutorial' }).click();
    } else {
      await openFromHelpButton(page);
    }
    for (let n = 2; n <= 5; n += 1) await card.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 5);
    await expect(reactions).toBeInViewport();
    await expect(card).toHaveAttribute('data-anchored', 'true');
    await expect(page.getByTestId('tutorial-spotlight')).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

/** Signs in through the login screen (the page is on it, or at /login?next=…). */
async function signInThroughForm(page: Page, person: TestPerson) {
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

const localFlag = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TUTORIAL_SHOWN_STORAGE_KEY);

test('opens by itself once per account: a new browser of the same writer does not open it again', async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const person = await signUpThroughUi(first, newPerson('twice'), { skipTutorial: false });
  await expectStep(first, 1);
  await first.keyboard.press('Escape');
  await expect(tutorial(first)).toHaveCount(0);
  const me = (await (await first.request.get('/api/me')).json()) as { user: { tutorialSeenAt: string | null } };
  expect(me.user.tutorialSeenAt).not.toBeNull();

  // Another browser: no local flag, the same account.
  const second = await (await browser.newContext()).newPage();
  await second.goto('/login');
  await signInThroughForm(second, person);
  await expect(second.getByTestId('account-menu-trigger')).toBeVisible();
  // A modal tutorial would stop this click.
  await second.getByTestId('nav-link-stories').click();
  await expect(second.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(tutorial(second)).toHaveCount(0);
  expect(await localFlag(second)).toBeNull();
  await second.context().close();
  await first.context().close();
});

test('not over the story a guest was returned to after signing up, but on the next page; never over the deactivated screen', async ({ browser }) => {
  const writer = await (await browser.newContext()).newPage();
  await signUpThroughApi(writer, newPerson('teller'));
  const res = await writer.request.post('/api/stories', { data: { title: 'Back again', content: 'A story to come back to.', public: true }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { story: { id: string } }).story;

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/story/${id}`);
  await guest.getByTestId('login-to-react').click();
  await guest.getByRole('tab', { name: 'Sign up' }).click();
  const person = newPerson('returned');
  const form = guest.getByTestId('sign-up-form');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(`/story/${id}`);
  // A modal tutorial would stop this click.
  await guest.getByTestId('reaction-heart').click();
  await expect(guest.getByTestId('reaction-heart')).toHaveAttribute('aria-pressed', 'true');
  await expect(tutorial(guest)).toHaveCount(0);

  // The next page is the first visit proper.
  const opened = nextLoggedEvent(guest, 'tutorial_closed');
  await guest.getByRole('link', { name: 'Drabble', exact: true }).click();
  await expectStep(guest, 1);
  await guest.keyboard.press('Escape');
  expect((await opened).details).toMatchObject({ openedBy: 'first-visit' });

  // A writer who asked to delete their account signs in to a new browser: the deactivated screen only.
  const leaving = newPerson('leaving');
  const page = await (await browser.newContext()).newPage();
  await signUpThroughApi(page, leaving, { skipTutorial: false });
  const deletion = await page.request.post('/api/account/deletion', { data: { email: leaving.email }, headers: { origin: E2E.baseUrl } });
  expect(deletion.status(), await deletion.text()).toBe(200);
  await page.goto('/login');
  await signInThroughForm(page, leaving);
  await expect(page.getByTestId('deactivated-screen')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('deactivated-screen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel deletion' })).toBeEnabled();
  await expect(tutorial(page)).toHaveCount(0);
  expect(await localFlag(page)).toBeNull();
  for (const p of [writer, guest, page]) await p.context().close();
});
