import crypto from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { CONTEST_ACCOUNT_MIN_AGE_DAYS, CONTEST_TEXTS } from '../common/contests/contests';
import { CONTENT_WARNING_TEXTS, type ContentWarning } from '../common/stories/content-warning-rules';
import { windowsFor } from '../server/features/contests/test-support-windows';
import { signInAsAdmin } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { ageAccount, moveContest } from './support/db';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { writerInOwnContext, type ContextWriter } from './support/users';

// The weekly contest: a writer enters from the editor, readers vote on anonymous
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
async function enterThroughApi(writer: ContextWriter, contestId: string, title: string, contentWarnings: ContentWarning[] = []): Promise<string> {
  const story = await writer.page.request.post('/api/stories', { data: { title, content: drabble('sea'), public: false, contentWarnings }, headers });
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
  // Created: the form is blank again, so a second click cannot make the same contest twice.
  await expect(form.getByLabel('Prompt')).toHaveValue('');
  await expect(card).toHaveCount(1);
  await shootLooks(admin, SHOTS, 'admin-contests', { target: card, scroll: true });

  const { id } = await openContest(admin);
  const ada = await aged(browser, 'Dora');
  const entry = await enterThroughApi(ada, id, `A borrowed story ${crypto.randomBytes(2).toString('hex')}`);
  await admin.reload();
  const entered = admin.getByTestId('admin-contest-entry').filter({ has: admin.locator(`a[href="/story/${entry}"]`) });
  await expect(entered).toContainText(ada.name);
  await entered.getByRole('button', { name: 'Disqualify' }).click();
  const dialog = admin.getByTestId('disqualify-dialog');
  // The dialog asks for a reason: the focus starts there, not on its close button.
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByLabel('Reason').fill('Copied from a published anthology.');
  await dialog.getByTestId('disqualify-submit').click();
  await expect(entered).toContainText('Disqualified: Copied from a published anthology.');
  await ada.page.goto('/notifications');
  await expect(ada.page.getByText('Your contest entry was disqualified: Copied from a published anthology.')).toBeVisible();
});

test('a writer is asked before withdrawing, and the withdrawn entry is a private story', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const { id } = await openContest(admin);
  const wren = await aged(browser, 'Wren');
  const rhea = await aged(browser, 'Rhea');
  const title = `Door draft to withdraw ${crypto.randomBytes(2).toString('hex')}`;
  const story = await enterThroughApi(wren, id, title);
  await wren.page.goto(`/contests/${id}`);
  await expect(wren.page.getByTestId('contest-my-entry')).toContainText(title);
  await wren.page.getByTestId('contest-my-entry').getByRole('button', { name: 'Withdraw' }).click();
  const dialog = wren.page.getByRole('alertdialog');
  await expect(dialog).toContainText(CONTEST_TEXTS.withdrawConfirm);
  // Cancelled: still entered.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(wren.page.getByTestId('contest-my-entry')).toContainText(title);
  await wren.page.getByTestId('contest-my-entry').getByRole('button', { name: 'Withdraw' }).click();
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(wren.page.getByTestId('contest-write-entry')).toBeVisible();
  await expect(wren.page.getByTestId('contest-my-entry')).toHaveCount(0);
  // Nobody else finds it, under a name or without one.
  await rhea.page.goto(`/story/${story}`);
  await expect(rhea.page.getByText('Story not found')).toBeVisible();
  await rhea.page.goto('/community');
  await expect(rhea.page.getByText(title)).toHaveCount(0);
});

test('an open contest page moves on to voting by itself when entries close', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const { id } = await openContest(admin);
  const ada = await aged(browser, 'Ada');
  const rhea = await aged(browser, 'Rhea');
  await enterThroughApi(ada, id, `Salt and paper ${crypto.randomBytes(2).toString('hex')}`);
  // The reader's clock is the page's own: it jumps past the close below, no waiting.
  await rhea.page.clock.install({ time: new Date() });
  await rhea.page.goto(`/contests/${id}`);
  await expect(rhea.page.getByTestId('contest-countdown')).toContainText('Entries close in');
  await expect(rhea.page.getByTestId('contest-phase')).toHaveText('Open for entries');
  // Entries close on the server (its windows moved), and the page's clock passes the close it was shown.
  const HOUR = 3_600_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  moveContest(id, { entryOpensAt: iso(-3 * HOUR), entryClosesAt: iso(-HOUR), votingOpensAt: iso(-HOUR), votingClosesAt: iso(6 * HOUR) });
  await rhea.page.clock.fastForward(HOUR + 5_000);
  await expect(rhea.page.getByTestId('contest-phase')).toHaveText('Voting');
  await expect(rhea.page.getByTestId('contest-votes-left')).toContainText('3 of 3');
  await expect(rhea.page.getByTestId('contest-entry').getByRole('button', { name: 'Vote' })).toBeVisible();
  await expect(rhea.page.getByTestId('contest-countdown')).toContainText('Voting closes in');
});

test('a new account is told before writing that it cannot enter yet', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const { id } = await openContest(admin);
  const fresh = await writerInOwnContext(browser, 'Nova');
  await fresh.page.goto(`/contests/${id}`);
  await expect(fresh.page.getByTestId('contest-enter-refusal')).toHaveText(CONTEST_TEXTS.newAccount);
  await expect(fresh.page.getByTestId('contest-write-entry')).toHaveCount(0);
  // Straight to the editor ("Enter this week's contest" on /contest goes there): the notice, not the editor.
  await fresh.page.goto(`/story/new?contest=${id}`);
  await expect(fresh.page.getByTestId('contest-enter-refusal')).toContainText(CONTEST_TEXTS.newAccount);
  await expect(fresh.page.getByTestId('story-text-input')).toHaveCount(0);
  await expectNoAxeViolations(fresh.page, 'the contest editor refusal');
});

test('entries keep their content warnings: a warned one behind "Show story", one the reader filters folded', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const { id } = await openContest(admin);
  const ada = await aged(browser, 'Ada');
  const reader = await aged(browser, 'Rhea');
  const filtering = await aged(browser, 'Fern');
  const title = `A fight in the lamp room ${crypto.randomBytes(2).toString('hex')}`;
  await enterThroughApi(ada, id, title, ['violence']);
  const prefs = await filtering.page.request.put('/api/me/reading-preferences', { data: { hiddenWarnings: ['violence'], alwaysShowText: false }, headers });
  expect(prefs.status(), await prefs.text()).toBe(200);

  await reader.page.goto(`/contests/${id}`);
  const entry = reader.page.getByTestId('contest-entry').filter({ hasText: title });
  await expect(entry.getByTestId('content-warning')).toHaveText('Violence');
  await expect(entry).not.toContainText('lamp burned low');
  await expect(entry).toContainText(CONTENT_WARNING_TEXTS.hiddenUntilChosen);
  await entry.getByTestId('show-story').click();
  await expect(entry).toContainText('lamp burned low');

  await filtering.page.goto(`/contests/${id}`);
  const folded = filtering.page.getByTestId('contest-entry-folded');
  await expect(folded).toContainText(CONTEST_TEXTS.filteredEntry);
  await expect(folded.getByTestId('content-warning')).toHaveText('Violence');
  await expect(filtering.page.getByTestId('contest-entries')).not.toContainText(title);
  await shootLooks(filtering.page, SHOTS, 'contest-entry-folded', { target: folded, scroll: true, axe: true });
  await folded.getByRole('button', { name: CONTEST_TEXTS.showFilteredEntry }).click();
  const unfolded = filtering.page.getByTestId('contest-entry').filter({ hasText: title });
  await expect(unfolded.getByTestId('show-story')).toBeVisible();
  await expect(unfolded).not.toContainText('lamp burned low');
});
