import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from './support/test';
import type { Story } from '../common/stories/story';
import { rememberGuestThemeMode, type ThemeMode } from './support/appearance';
import { E2E } from './support/env';
import { skipTutorial } from './support/tutorial';
import { newPerson, signUpThroughApi, type TestPerson } from './support/users';
import { expectNoAxeViolations } from './support/axe';
import { shot } from './support/looks';

/** Someone with a browser of their own: signed up through the API, or a guest with no session at all. */
async function personPage(browser: Browser, person?: TestPerson): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipTutorial(page);
  if (person) await signUpThroughApi(page, person);
  return page;
}

async function postStory(page: Page, input: { title: string; content: string; public: boolean }): Promise<Story> {
  const res = await page.request.post('/api/stories', { data: input, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: Story }).story;
}

async function uidOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/me');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { uid: string } }).user.uid;
}

async function expectSignedOutBar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByTestId('login-link')).toBeVisible();
  for (const name of ['My Stories', 'Community', 'Favorites', 'Feed', 'Friends', 'Messages']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
}

const tag = () => crypto.randomBytes(3).toString('hex');

test('a guest opens a shared story link, logs in from it and lands back on the story to react', async ({ browser }) => {
  const writer = await personPage(browser, newPerson('writer', 'Mara Vell'));
  const title = `Harbour ${tag()}`;
  const content = 'The ferry left without its captain.\n\nShe watched from the pier, holding the only map.';
  const story = await postStory(writer, { title, content, public: true });
  const secret = await postStory(writer, { title: `Secret ${tag()}`, content: 'Not for anyone else.', public: false });
  const writerUid = await uidOf(writer);
  const reader = newPerson('reader', 'Reader');
  await (await personPage(browser, reader)).context().close();

  const guest = await personPage(browser);

  await test.step('the served HTML describes the story for link previews, and not the private one', async () => {
    const html = await (await guest.request.get(`/story/${story.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:url" content="${E2E.baseUrl}/story/${story.id}" />`);
    expect(html).toContain(`<title>${title} · Drabble</title>`);
    const hidden = await (await guest.request.get(`/story/${secret.id}`)).text();
    expect(hidden).not.toContain(secret.title);
    expect(hidden).toContain('<meta property="og:title" content="Drabble" />');
  });

  await test.step('the guest reads the story: text, counts, and log-in links instead of the controls', async () => {
    await guest.goto(`/story/${story.id}`);
    await expect(guest.getByTestId('story-title')).toHaveText(title);
    await expect(guest.getByTestId('story-body')).toHaveText(content);
    await expect(guest.getByTestId('story-author')).toHaveText('Mara Vell');
    await expect(guest).toHaveTitle(`${title} · Drabble`);
    await expect(guest.locator('meta[name="description"]')).toHaveAttribute('content', /^By Mara Vell · The ferry left without its captain\. She watched/);
    await expectSignedOutBar(guest);
    await expect(guest.getByTestId('reaction-count-heart')).toHaveText('0');
    await expect(guest.getByTestId('reaction-heart')).toBeDisabled();
    await expect(guest.getByTestId('comment-input')).toHaveCount(0);
    await expect(guest.getByTestId('login-to-comment')).toHaveText('Log in to comment');
    await expect(guest.getByTestId('favorite-toggle')).toHaveCount(0);
    await expect(guest.getByRole('link', { name: 'Log in to add to favorites' })).toBeVisible();
    await expectNoAxeViolations(guest);
  });

  await test.step('"Log in to react" leads to the login screen and, signed in, back to the story', async () => {
    await guest.getByTestId('login-to-react').click();
    await expect(guest).toHaveURL(`/login?next=${encodeURIComponent(`/story/${story.id}`)}`);
    const form = guest.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(reader.email);
    await form.getByLabel('Password').fill(reader.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(guest).toHaveURL(`/story/${story.id}`);
    await expect(guest.getByTestId('story-title')).toHaveText(title);
    await guest.getByTestId('reaction-heart').click();
    await expect(guest.getByTestId('reaction-heart')).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.getByTestId('reaction-count-heart')).toHaveText('1');
    await expect(guest.getByTestId('comment-input')).toBeVisible();
    await expect(guest.getByTestId('favorite-toggle')).toBeVisible();
  });

  await test.step('the reaction was saved for the story', async () => {
    const res = await writer.request.get(`/api/stories/${story.id}`);
    expect(((await res.json()) as { story: Story }).story.reactions.counts.heart).toBe(1);
  });

  const stranger = await personPage(browser);
  await test.step('a private story reads as not found to a guest, and the editor asks to log in', async () => {
    await stranger.goto(`/story/${secret.id}`);
    await expect(stranger.getByRole('heading', { name: 'Story not found' })).toBeVisible();
    await expect(stranger.getByText(secret.title)).toHaveCount(0);
    await stranger.goto(`/story/${story.id}/edit`);
    await expect(stranger).toHaveURL(`/login?next=${encodeURIComponent(`/story/${story.id}/edit`)}`);
  });

  await test.step('the community list and the writer’s profile open for a guest too', async () => {
    await stranger.goto(`/community?q=${encodeURIComponent(title)}`);
    await expect(stranger.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
    const card = stranger.getByTestId('story-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('favorite-toggle')).toHaveCount(0);
    await expect(stranger.getByTestId('community-guest-note')).toContainText('Log in');
    await expectSignedOutBar(stranger);
    await card.getByRole('link', { name: title }).click();
    await expect(stranger).toHaveURL(`/story/${story.id}`);
    await expect(stranger.getByTestId('story-body')).toHaveText(content);

    await stranger.goto(`/user/${writerUid}`);
    await expect(stranger.getByTestId('public-name')).toHaveText('Mara Vell');
    await expect(stranger).toHaveTitle('Mara Vell · Drabble');
    const profileHtml = await (await stranger.request.get(`/user/${writerUid}`)).text();
    expect(profileHtml).toContain('<meta property="og:type" content="profile" />');
  });
});

const SHOTS = process.env.GUEST_SHOTS_DIR ?? 'e2e/screenshots';

for (const mode of ['light', 'dark-blue'] as const satisfies readonly ThemeMode[]) {
  test(`${mode}: screenshots of the guest story and community views at desktop and phone widths`, async ({ browser }) => {
    const writer = await personPage(browser, newPerson('writer', 'Ines Moor'));
    const story = await postStory(writer, {
      title: 'What the Tide Kept',
      content: 'Every morning the sea returned one thing it had taken.\n\nToday it was her father’s voice, folded inside a shell.',
      public: true,
    });
    const guest = await personPage(browser);
    await rememberGuestThemeMode(guest, mode);
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]] as const) {
      await guest.setViewportSize({ width, height });
      await guest.goto(`/story/${story.id}`);
      await expect(guest.locator('html')).toHaveAttribute('data-theme', mode);
      await expect(guest.getByTestId('login-to-react')).toBeVisible();
      await expect(guest.getByText('No comments.')).toBeVisible();
      await shot(guest, { path: `${SHOTS}/guest-story-${mode}-${device}.png`, fullPage: true });
      await guest.goto(`/community?q=${encodeURIComponent(story.title)}`);
      await expect(guest.getByTestId('story-card').first()).toBeVisible();
      await expect(guest.getByTestId('community-guest-note')).toBeVisible();
      await shot(guest, { path: `${SHOTS}/guest-community-${mode}-${device}.png` });
    }
  });
}
