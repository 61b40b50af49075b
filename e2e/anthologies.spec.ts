import crypto from 'node:crypto';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from './support/test';
import { ANTHOLOGY_ORDER_LABELS, ANTHOLOGY_TEXTS, anthologyNotice } from '../common/anthologies/anthologies';
import { NOTIFICATION_TEXTS } from '../common/notifications/notifications';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { postStoryThroughApi } from './support/stories';
import { writerInOwnContext } from './support/users';

// Anthologies: a member opens a moderated one and names a co-editor; a writer submits a story from
// its page, the co-editor accepts it, the editors order the stories; a reader follows it, downloads
// its book and finds it in the directory; an editor removes the story with a reason its writer reads.
const SHOTS = 'e2e/screenshots/anthologies';
const headers = { origin: E2E.baseUrl };

const storyTitles = (page: Page) => page.getByTestId('anthology-stories').getByTestId('story-card').getByRole('heading');

/** The answer to the order change that puts these stories first: earlier moves' answers may still be on their way. */
const orderSaved = (page: Page, ...firstIds: string[]) =>
  page.waitForResponse((r) => {
    if (!r.url().endsWith('/order') || r.request().method() !== 'PUT') return false;
    const { storyIds } = r.request().postDataJSON() as { storyIds: string[] };
    return firstIds.every((id, i) => storyIds[i] === id);
  });

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('user-notification-bell');

/** The writer's notifications in the bell's panel, the newest first. */
async function bellSentences(page: Page) {
  await bell(page).click();
  const panel = page.getByTestId('user-notification-panel');
  await expect(page.getByRole('dialog', { name: NOTIFICATION_TEXTS.bell })).toBeVisible();
  return panel.getByTestId('user-notification').getByTestId('notification-sentence');
}

test('an anthology: opened moderated with a co-editor, a writer submits, the co-editor accepts, the editors order it, a reader follows, downloads and finds it, an editor removes a story with a reason', async ({ browser }) => {
  // Four people and looks in both schemes at both widths: longer than most tests.
  test.slow();
  const tag = crypto.randomBytes(3).toString('hex');
  const title = `Tidewater ${tag}`;
  const owner = await writerInOwnContext(browser, 'Orla');
  const coEditor = await writerInOwnContext(browser, 'Cato');
  const writer = await writerInOwnContext(browser, 'Wren');
  const reader = await writerInOwnContext(browser, 'Rook');
  const coHandle = ((await (await coEditor.page.request.get('/api/me')).json()) as { user: { handle: string } }).user.handle;
  const o = owner.page;

  let anthologyId = '';
  await test.step('the owner opens a moderated anthology in the editors’ order from the directory', async () => {
    await o.goto('/');
    await o.getByTestId('account-menu-trigger').click();
    await o.getByTestId('account-menu-anthologies').click();
    await expect(o).toHaveURL(/\/anthologies$/);
    await expect(o.getByRole('heading', { level: 1, name: ANTHOLOGY_TEXTS.heading })).toBeVisible();
    await o.getByTestId('new-anthology').click();
    const dialog = o.getByTestId('new-anthology-dialog');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description (optional)').fill('Drabbles about the sea coming in and going out.');
    await dialog.getByLabel('Rules (optional)').fill('Exactly one hundred words. Salt water somewhere in it.');
    await dialog.getByRole('radio', { name: 'Sea' }).check();
    await dialog.getByRole('radio', { name: /^Moderated/ }).check();
    await dialog.getByRole('radio', { name: ANTHOLOGY_ORDER_LABELS.editors }).check();
    await shootLooks(o, SHOTS, 'new-anthology-dialog', { target: dialog, axe: true });
    await dialog.getByTestId('new-anthology-submit').click();
    await expect(o.getByTestId('anthology-title')).toHaveText(title);
    anthologyId = new URL(o.url()).pathname.split('/').at(-1)!;
    await expect(o.getByTestId('anthology-submissions')).toHaveText('Moderated submissions');
    await expect(o.getByTestId('empty-state')).toContainText(ANTHOLOGY_TEXTS.empty);
    // No book yet: it would have no chapter.
    await expect(o.getByTestId('anthology-book')).toHaveCount(0);
  });

  await test.step('the owner names a co-editor by handle', async () => {
    await o.getByTestId('anthology-manage-editors').click();
    const dialog = o.getByTestId('anthology-editors-dialog');
    await dialog.getByLabel("Member's handle").fill(`@${coHandle}`);
    await dialog.getByTestId('anthology-add-editor').click();
    await expect(dialog.getByTestId('anthology-co-editor')).toHaveText(coEditor.name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(o.getByTestId('anthology-editors')).toContainText(`${owner.name} and ${coEditor.name}`);
  });

  // The owner's own stories go in at once (an editor's own); the writer's waits for the editors.
  const ownStories = [await postStoryThroughApi(o, { title: `Low water ${tag}` }), await postStoryThroughApi(o, { title: `Spring tide ${tag}` })];
  for (const storyId of ownStories) {
    const res = await o.request.put(`/api/anthologies/${anthologyId}/stories/${storyId}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('accepted');
  }
  const storyTitle = `The ferry bell ${tag}`;
  const storyId = await postStoryThroughApi(writer.page, { title: storyTitle });
  const w = writer.page;

  await test.step('the writer submits their public story from its page', async () => {
    await w.goto(`/story/${storyId}`);
    await w.getByTestId('submit-to-anthology').click();
    const dialog = w.getByTestId('submit-anthology-dialog');
    // The search goes once typing pauses; the list before it stays, dimmed, until its answer comes.
    const searched = w.waitForResponse((res) => new URL(res.url()).pathname === '/api/anthologies' && new URL(res.url()).searchParams.get('q') === tag);
    await dialog.getByLabel(ANTHOLOGY_TEXTS.searchLabel).fill(tag);
    expect((await searched).status()).toBe(200);
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    const row = dialog.getByTestId('submit-anthology-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await shootLooks(w, SHOTS, 'submit-dialog', { target: dialog, axe: true });
    await row.getByRole('button', { name: `Submit to ${title}` }).click();
    await expect(dialog.getByTestId('submit-anthology-message')).toHaveText(`${title}: ${ANTHOLOGY_TEXTS.submitted}`);
    await expect(row.getByTestId('submit-anthology-status')).toHaveText('Submitted');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(w.getByTestId('story-anthologies')).toHaveText(`${ANTHOLOGY_TEXTS.inAnthologies}: ${title} (${ANTHOLOGY_TEXTS.waiting})`);
    await shootLooks(w, SHOTS, 'story-anthologies', { target: w.getByTestId('story-view'), axe: true });
  });

  const c = coEditor.page;
  await test.step('the co-editor accepts it from the waiting list', async () => {
    await c.goto(`/anthologies/${anthologyId}`);
    const waiting = c.getByTestId('anthology-pending');
    await expect(waiting.getByTestId('anthology-story')).toHaveCount(1);
    await expect(c.getByTestId('anthology-step-down')).toBeVisible();
    await expect(c.getByTestId('anthology-delete')).toHaveCount(0);
    await shootLooks(c, SHOTS, 'anthology-editor-header', { target: c.getByTestId('anthology-header'), axe: true });
    await shootLooks(c, SHOTS, 'anthology-editor-waiting', { target: waiting, axe: true });
    await waiting.getByRole('button', { name: `${ANTHOLOGY_TEXTS.accept}: ${storyTitle}` }).click();
    await expect(waiting).toHaveCount(0);
    await expect(storyTitles(c)).toHaveText([`Low water ${tag}`, `Spring tide ${tag}`, storyTitle]);
  });

  await test.step('the editors order the stories with Move up and Move down, by keyboard', async () => {
    const moveUp = c.getByRole('button', { name: `${ANTHOLOGY_TEXTS.moveUp}: ${storyTitle}` });
    await moveUp.focus();
    await c.keyboard.press('Enter');
    await expect(storyTitles(c)).toHaveText([`Low water ${tag}`, storyTitle, `Spring tide ${tag}`]);
    await expect(moveUp).toBeFocused();
    // To the top: Move up is disabled there, so the focus goes to Move down.
    const saved = orderSaved(c, storyId, ownStories[0]!);
    await c.keyboard.press('Enter');
    await expect(storyTitles(c)).toHaveText([storyTitle, `Low water ${tag}`, `Spring tide ${tag}`]);
    await expect(c.getByRole('button', { name: `${ANTHOLOGY_TEXTS.moveDown}: ${storyTitle}` })).toBeFocused();
    expect((await saved).status()).toBe(200);
    const down = orderSaved(c, ownStories[0]!, storyId);
    await c.keyboard.press('Enter');
    await expect(storyTitles(c)).toHaveText([`Low water ${tag}`, storyTitle, `Spring tide ${tag}`]);
    expect((await down).status()).toBe(200);
    await c.reload();
    await expect(storyTitles(c)).toHaveText([`Low water ${tag}`, storyTitle, `Spring tide ${tag}`]);
    await shootLooks(c, SHOTS, 'anthology-editor-stories', { target: c.getByTestId('anthology-stories-section'), axe: true });
  });

  await test.step('the writer sees the story in the anthology, and the bell says it was accepted', async () => {
    await w.goto(`/anthologies/${anthologyId}`);
    await expect(storyTitles(w)).toHaveText([`Low water ${tag}`, storyTitle, `Spring tide ${tag}`]);
    await expect(w.getByRole('button', { name: `${ANTHOLOGY_TEXTS.withdraw}: ${storyTitle}` })).toBeVisible();
    await expect(w.getByTestId('anthology-move-up')).toHaveCount(0);
    await expect(await bellSentences(w)).toContainText([anthologyNotice.accepted(storyTitle, title)]);
    await w.keyboard.press('Escape');
  });

  const r = reader.page;
  await test.step('a reader follows it, downloads its book and finds it in the directory', async () => {
    await r.goto(`/anthologies/${anthologyId}`);
    await expect(r.getByTestId('anthology-edit')).toHaveCount(0);
    await expect(r.getByTestId('anthology-remove')).toHaveCount(0);
    await expect(r.getByTestId('anthology-pending')).toHaveCount(0);
    const follow = r.getByTestId('anthology-follow');
    await expect(follow).toHaveText(ANTHOLOGY_TEXTS.follow);
    await follow.click();
    await expect(follow).toHaveText(ANTHOLOGY_TEXTS.unfollow);
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(r.getByTestId('anthology-followers')).toHaveText('1 follower');
    await r.getByTestId('anthology-rules').getByText(ANTHOLOGY_TEXTS.rules).click();
    await shootLooks(r, SHOTS, 'anthology-reader-header', { target: r.getByTestId('anthology-header'), axe: true });
    await shootLooks(r, SHOTS, 'anthology-reader-stories', { target: r.getByTestId('anthology-stories-section'), axe: true });

    const downloading = r.waitForEvent('download');
    await r.getByRole('link', { name: ANTHOLOGY_TEXTS.downloadBook }).click();
    const book = unzipSync(new Uint8Array(fs.readFileSync(await (await downloading).path())));
    const contents = strFromU8(book['EPUB/nav.xhtml']!);
    expect([...contents.matchAll(/<a href="chapter-\d+\.xhtml">([^<]*)<\/a>/g)].map((m) => m[1])).toEqual([`Low water ${tag}`, storyTitle, `Spring tide ${tag}`]);

    await r.goto('/anthologies');
    await expect(r.getByTestId('anthologies-following')).toContainText(title);
    await shootLooks(r, SHOTS, 'directory', { target: r.getByTestId('anthologies-directory'), axe: true });
    await r.getByLabel(ANTHOLOGY_TEXTS.searchLabel).fill(`tidewater ${tag}`);
    await expect(r).toHaveURL(new RegExp(`[?&]q=tidewater(\\+|%20)${tag}`));
    const cards = r.getByTestId('anthologies-list').getByTestId('anthology-card');
    await expect(r.getByTestId('anthologies-directory').locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(cards).toHaveCount(1);
    await expect(cards.getByTestId('anthology-card-title')).toHaveText(title);
    await expect(cards.getByTestId('anthology-card-count')).toHaveText('3 stories');
    await shootLooks(r, SHOTS, 'directory-search', { target: r.getByTestId('anthologies-directory'), axe: true });
    await cards.click();
    await expect(r.getByTestId('anthology-title')).toHaveText(title);
  });

  await test.step('the owner removes the story with a reason; the writer reads why', async () => {
    await o.goto(`/anthologies/${anthologyId}`);
    await o.getByRole('button', { name: `${ANTHOLOGY_TEXTS.remove}: ${storyTitle}` }).click();
    const dialog = o.getByTestId('anthology-remove-dialog');
    await expect(dialog.getByTestId('anthology-remove-dialog-submit')).toBeDisabled();
    const reason = 'It has no salt water in it after all.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByTestId('anthology-remove-dialog-submit').click();
    await expect(dialog).toBeHidden();
    await expect(storyTitles(o)).toHaveText([`Low water ${tag}`, `Spring tide ${tag}`]);

    await w.goto(`/story/${storyId}`);
    await expect(w.getByTestId('story-title')).toHaveText(storyTitle);
    await expect(w.getByTestId('story-anthologies')).toHaveCount(0);
    await expect(await bellSentences(w)).toContainText([anthologyNotice.removed(storyTitle, title, reason)]);
  });
});
