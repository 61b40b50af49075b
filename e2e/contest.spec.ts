import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { CONTEST_ACCOUNT_MIN_AGE_DAYS } from '../common/contests';
import { windowsFor } from '../server/test/features/contest-windows';
import { signInAsAdmin } from './support/admin';
import { ageAccount, moveContest } from './support/db';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { writerInOwnContext, type ContextWriter } from './support/users';

// The weekly contest (issue 28): a writer enters from the editor, readers vote on anonymous
// entries, and the results name the winner. The week passes by moving the contest's windows
// in the test database (support/db.ts moveContest); the server's clock is the real one.
const SHOTS = 'e2e/screenshots/contest';
const headers = { origin: E2E.baseUrl };
const WEEK_OLD = (CONTEST_ACCOUNT_MIN_AGE_DAYS + 1) * 86_400_000;

/** Exactly 100 words. */
const drabble = (seed: string) =>
  Array.from({ length: 100 }, (_, i) => ['the', 'lamp', 'burned', 'low', 'while', 'she', 'waited', 'for', 'morning', seed][i % 10]).join(' ').replace(/^t/, 'T') + '.';

async function aged(browser: Parameters<typeof writerInOwnContext>[0], name: string): Promise<ContextWriter> {
  const writer = await writerInOwnContext(browser, name);
  ageAccount(writer, WEEK_OLD);
  return writer;
}

/** A contest open for entries now, through the admin API, with a prompt no other test uses. */
async function openContest(admin: Page): Promise<{ id: string; prompt: string }> {
  const prompt = `A lighthouse keeper finds a letter ${crypto.randomBytes(3).toString('hex')}`;
  const res = await admin.request.post('/api/admin/contests', { data: { prompt, ...windowsFor('entry') }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, prompt };
}

/** A writer's entry through the API: a private drabble, entered. */
async function enterThroughApi(writer: ContextWriter, contestId: string, title: string): Promise<string> {
  const story = await writer.page.request.post('/api/stories', { data: { title, content: drabble('sea'), public: false }, headers });
  expect(story.status(), await story.text()).toBe(201);
  const id = ((await story.json()) as { story: { id: string } }).story.id;
  const entry = await writer.page.request.put(`/api/contests/${contestId}/entry`, { data: { storyId: id }, headers });
  expect(entry.status(), await entry.text()).toBe(200);
  return id;
}

test('a writer enters from the editor, a reader votes on anonymous entries, and the results name the winner', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const { id, prompt } = await openContest(admin);
  const ada = await aged(browser, 'Ada');
  const ben = await aged(browser, 'Ben');
  const rhea = await aged(browser, 'Rhea');
  const title = `The keeper’s letter ${crypto.randomBytes(2).toString('hex')}`;

  // /contest lists it; its page opens the editor with the prompt.
  await ada.page.goto('/contest');
  await ada.page.getByTestId('contest-card').filter({ hasText: prompt }).click();
  await expect(ada.page.getByTestId('contest-prompt')).toHaveText(prompt);
  await expect(ada.page.getByTestId('contest-countdown')).toContainText('Entries close in');
  await ada.page.getByTestId('contest-write-entry').click();
  await expect(ada.page.getByTestId('writing-for-contest')).toContainText(prompt);
  await ada.page.getByTestId('story-title-input').fill(title);
  await ada.page.getByTestId('story-text-input').fill(drabble('ink'));
  await ada.page.getByTestId('save-story').click();
  await expect(ada.page).toHaveURL(new RegExp(`/contests/${id}$`));
  await expect(ada.page.getByTestId('contest-my-entry')).toContainText(title);
  const benStory = await enterThroughApi(ben, id, `Salt and paper ${crypto.randomBytes(2).toString('hex')}`);
  await ada.page.reload();
  await expect(ada.page.getByTestId('contest-entry')).toHaveCount(2);
  await shootLooks(ada.page, SHOTS, 'contest-entry-phase', { fullPage: true });

  // Voting: the entries carry no author; the reader votes once, and may not vote for nothing else than entries.
  moveContest(id, windowsFor('voting'));
  await rhea.page.goto(`/contests/${id}`);
  const entries = rhea.page.getByTestId('contest-entry');
  await expect(entries).toHaveCount(2);
  await expect(rhea.page.getByTestId('contest-entries')).not.toContainText(ada.name);
  await expect(rhea.page.getByTestId('contest-entries')).not.toContainText(ben.name);
  await expect(rhea.page.getByTestId('contest-votes-left')).toContainText('3 of 3');
  const adaEntry = entries.filter({ hasText: title });
  await adaEntry.getByRole('button', { name: 'Vote' }).click();
  await expect(adaEntry.getByRole('button', { name: 'Voted' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rhea.page.getByTestId('contest-votes-left')).toContainText('2 of 3');
  await shootLooks(rhea.page, SHOTS, 'contest-voting', { fullPage: true });
  // The author's own entry has no vote button for them.
  await ada.page.reload();
  await expect(ada.page.getByTestId('contest-entry').filter({ hasText: title }).getByRole('button', { name: /Vote/ })).toHaveCount(0);
  // The story page of an entry names no author.
  await rhea.page.goto(`/story/${benStory}`);
  await expect(rhea.page.getByTestId('story-author')).toHaveText('Anonymous entrant');
  await expect(rhea.page.getByTestId('contest-entry-notice')).toBeVisible();

  // The reveal: ranked, with authors and votes; the winner hears of it.
  moveContest(id, windowsFor('closed'));
  await rhea.page.goto(`/contests/${id}`);
  const first = rhea.page.getByTestId('contest-entry').first();
  await expect(first.getByTestId('entry-place')).toHaveText('Winner');
  await expect(first.getByTestId('entry-author')).toHaveText(ada.name);
  await expect(first.getByTestId('entry-votes')).toHaveText('1 vote');
  await expect(rhea.page.getByTestId('contest-entry').nth(1).getByTestId('entry-author')).toHaveText(ben.name);
  await shootLooks(rhea.page, SHOTS, 'contest-results', { fullPage: true });
  await ada.page.goto('/notifications');
  await expect(ada.page.getByText('Your entry won the contest, out of 2!')).toBeVisible();
  await rhea.page.goto('/contests');
  await expect(rhea.page.getByTestId('contest-card').filter({ hasText: prompt })).toBeVisible();
});

test('the admin creates a contest on the contests screen and disqualifies an entry with a reason', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const prompt = `Two clocks disagree ${crypto.randomBytes(3).toString('hex')}`;
  await admin.goto('/admin/contests');
  const form = admin.getByTestId('contest-form');
  await form.getByLabel('Prompt').fill(prompt);
  await form.getByRole('button', { name: 'Create contest' }).click();
  const card = admin.getByTestId('admin-contest').filter({ hasText: prompt });
  await expect(card.getByTestId('contest-phase')).toHaveText('Opens soon');
  await shootLooks(admin, SHOTS, 'admin-contests', { target: card, scroll: true });

  const { id } = await openContest(admin);
  const ada = await aged(browser, 'Dora');
  const entry = await enterThroughApi(ada, id, `A borrowed story ${crypto.randomBytes(2).toString('hex')}`);
  await admin.reload();
  const entered = admin.getByTestId('admin-contest-entry').filter({ has: admin.locator(`a[href="/story/${entry}"]`) });
  await expect(entered).toContainText(ada.name);
  await entered.getByRole('button', { name: 'Disqualify' }).click();
  const dialog = admin.getByTestId('disqualify-dialog');
  await dialog.getByLabel('Reason').fill('Copied from a published anthology.');
  await dialog.getByTestId('disqualify-submit').click();
  await expect(entered).toContainText('Disqualified: Copied from a published anthology.');
  await ada.page.goto('/notifications');
  await expect(ada.page.getByText('Your contest entry was disqualified: Copied from a published anthology.')).toBeVisible();
});
