import crypto from 'node:crypto';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Locator, type Page, type Response } from './support/test';
import { SERIES_TEXTS } from '../common/series/series';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { postStoryThroughApi } from './support/stories';
import { newPerson, signUpThroughApi, writerInOwnContext } from './support/users';

// Series: a writer makes a series from a story page, adds stories, reorders them by keyboard and by
// drag; a reader sees the series page as they may read it and "Part N of" with previous and next.
const SHOTS = 'e2e/screenshots/series';

const postStory = (page: Page, title: string, isPublic = true) => postStoryThroughApi(page, { title, public: isPublic });

async function addFromStoryPage(page: Page, storyId: string, choose: (dialog: Locator) => Promise<void>) {
  await page.goto(`/story/${storyId}`);
  await page.getByTestId('add-to-series').click();
  const dialog = page.getByTestId('add-to-series-dialog');
  await choose(dialog);
  await dialog.getByTestId('add-to-series-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('story-part')).toBeVisible();
}

const partTitles = (page: Page) => page.getByTestId('series-part-link');

const isOrderChange = (r: Response) => r.url().endsWith('/order') && r.request().method() === 'PUT';

/**
 * The statuses of the order changes the page sends from now on, as they are answered. Quick moves
 * are queued one behind another, and two of them can ask for the same order (Dusk up to the top
 * and back down again): waiting for an answer by its order took the earlier one's, and the reload
 * after it still saw the move in between.
 */
function orderAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (isOrderChange(r)) statuses.push(r.status());
  });
  return statuses;
}

/** The answer to the order change that puts these stories first: earlier moves' answers may still be on their way. */
const orderSaved = (page: Page, ...firstIds: string[]) =>
  page.waitForResponse((r) => {
    if (!isOrderChange(r)) return false;
    const { storyIds } = r.request().postDataJSON() as { storyIds: string[] };
    return firstIds.every((id, i) => storyIds[i] === id);
  });

test('a writer builds and reorders a series by keyboard and by drag; a reader sees the parts they may read, with Part N of and previous and next', async ({ browser }) => {
  // Two people, four stories, and looks in both schemes at both widths: longer than most tests.
  test.slow();
  const tag = crypto.randomBytes(3).toString('hex');
  const seriesTitle = `Harbour ${tag}`;
  const writer = await writerInOwnContext(browser, 'Wren');
  const page = writer.page;
  const ids = {
    dawn: await postStory(page, 'Dawn'),
    secret: await postStory(page, 'Secret', false),
    noon: await postStory(page, 'Noon'),
    dusk: await postStory(page, 'Dusk'),
  };

  // The first story makes the series ("New series"); the others join it.
  await addFromStoryPage(page, ids.dawn, async (dialog) => {
    await dialog.getByLabel('Series title').fill(seriesTitle);
    await dialog.getByLabel('Description (optional)').fill('A keeper, a storm, a lamp.');
    await shootLooks(page, SHOTS, 'add-to-series', { target: dialog, axe: true });
  });
  await expect(page.getByTestId('story-part')).toHaveText(`Part 1 of ${seriesTitle}`);
  for (const id of [ids.secret, ids.noon, ids.dusk]) {
    await addFromStoryPage(page, id, async (dialog) => {
      await dialog.getByRole('radio', { name: new RegExp(seriesTitle) }).check();
    });
  }
  await page.getByTestId('story-part-series').click();
  await expect(page.getByTestId('series-title')).toHaveText(seriesTitle);
  await expect(partTitles(page)).toHaveText(['Dawn', 'Secret', 'Noon', 'Dusk']);

  // Keyboard: Dusk moves up twice with its Move up button, by Enter.
  const keyboardOrders = orderAnswers(page);
  const moveUp = page.getByRole('button', { name: `${SERIES_TEXTS.moveUp}: Dusk` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(partTitles(page)).toHaveText(['Dawn', 'Secret', 'Dusk', 'Noon']);
  await expect(moveUp).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(partTitles(page)).toHaveText(['Dawn', 'Dusk', 'Secret', 'Noon']);
  await expect(page.getByTestId('series-announcement')).toHaveText(`Dusk: Part 2 of ${seriesTitle}`);
  // Once more to the top: Move up is disabled there, so the focus goes to Move down.
  await page.keyboard.press('Enter');
  await expect(partTitles(page)).toHaveText(['Dusk', 'Dawn', 'Secret', 'Noon']);
  await expect(page.getByRole('button', { name: `${SERIES_TEXTS.moveDown}: Dusk` })).toBeFocused();
  // The list moves at once; the reload waits for the server to have answered all four moves.
  await page.keyboard.press('Enter');
  await expect(partTitles(page)).toHaveText(['Dawn', 'Dusk', 'Secret', 'Noon']);
  await expect.poll(() => keyboardOrders.length).toBe(4);
  expect(keyboardOrders).toEqual([200, 200, 200, 200]);
  await page.reload();
  await expect(partTitles(page)).toHaveText(['Dawn', 'Dusk', 'Secret', 'Noon']);

  // Drag: Dawn's handle down below Secret.
  const handle = page.getByRole('button', { name: 'Drag to reorder: Dawn' });
  const from = (await handle.boundingBox())!;
  const target = (await page.getByTestId('series-part').nth(2).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, target.y + target.height * 0.75, { steps: 8 });
  const dragSaved = orderSaved(page, ids.dusk, ids.secret, ids.dawn);
  await page.mouse.up();
  await expect(partTitles(page)).toHaveText(['Dusk', 'Secret', 'Dawn', 'Noon']);
  expect((await dragSaved).status()).toBe(200);
  await page.reload();
  await expect(partTitles(page)).toHaveText(['Dusk', 'Secret', 'Dawn', 'Noon']);
  await shootLooks(page, SHOTS, 'series-writer', { target: page.getByTestId('series-parts'), axe: true });
  await shootLooks(page, SHOTS, 'series-header', { target: page.getByTestId('series-header'), axe: true });
  const seriesUrl = page.url();

  // A reader sees three parts (the private one is the writer's alone), numbered as they see them.
  const reader = await writerInOwnContext(browser, 'Rook');
  const r = reader.page;
  await r.goto(seriesUrl);
  await expect(partTitles(r)).toHaveText(['Dusk', 'Dawn', 'Noon']);
  await expect(r.getByTestId('series-drag-handle')).toHaveCount(0);
  await expect(r.getByTestId('series-edit')).toHaveCount(0);
  await expect(r.getByTestId('series-stats')).toContainText('3 stories');
  await shootLooks(r, SHOTS, 'series-reader', { target: r.getByTestId('series-parts'), axe: true });
  // The reader's book of it: the three parts they may read, in order.
  const downloading = r.waitForEvent('download');
  await r.getByRole('link', { name: SERIES_TEXTS.downloadBook }).click();
  const book = unzipSync(new Uint8Array(fs.readFileSync(await (await downloading).path())));
  const contents = strFromU8(book['EPUB/nav.xhtml']!);
  expect([...contents.matchAll(/<a href="chapter-\d+\.xhtml">([^<]*)<\/a>/g)].map((m) => m[1])).toEqual(['Dusk', 'Dawn', 'Noon']);
  await partTitles(r).nth(1).click();
  await expect(r.getByTestId('story-title')).toHaveText('Dawn');
  await expect(r.getByTestId('story-part')).toHaveText(`Part 2 of ${seriesTitle}`);
  await expect(r.getByTestId('story-part-previous')).toContainText('Dusk');
  await expect(r.getByTestId('story-part-next')).toContainText('Noon');
  await shootLooks(r, SHOTS, 'story-part', { target: r.getByTestId('story-part'), axe: true });
  await shootLooks(r, SHOTS, 'story-part-steps', { target: r.getByTestId('story-part-steps'), axe: true });
  await r.getByTestId('story-part-next').click();
  await expect(r.getByTestId('story-title')).toHaveText('Noon');
  await expect(r.getByTestId('story-part')).toHaveText(`Part 3 of ${seriesTitle}`);
  await expect(r.getByTestId('story-part-next')).toHaveCount(0);

  // The writer's profile lists the series.
  await r.goto(`/user/${writer.uid}`);
  await expect(r.getByTestId('writer-series-item')).toContainText(seriesTitle);
  await shootLooks(r, SHOTS, 'profile-series', { target: r.getByTestId('writer-series'), axe: true });

  // The writer sees part 3 (Secret is theirs) where the reader saw part 2.
  await page.goto(`/story/${ids.dawn}`);
  await expect(page.getByTestId('story-part')).toHaveText(`Part 3 of ${seriesTitle}`);
  await expect(page.getByTestId('story-part-previous')).toContainText('Secret');
  await page.context().close();
  await r.context().close();
});

test('on a phone, the writer drags a part by touch', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signUpThroughApi(page, newPerson('thumb', `Thumb ${crypto.randomBytes(3).toString('hex')}`));
  const created = await page.request.post('/api/series', { data: { title: 'Pocket tides' }, headers: { origin: E2E.baseUrl } });
  expect(created.status()).toBe(201);
  const seriesId = ((await created.json()) as { series: { id: string } }).series.id;
  const parts: string[] = [];
  for (const title of ['First', 'Second', 'Third']) {
    const id = await postStory(page, title);
    parts.push(id);
    expect((await page.request.put(`/api/series/${seriesId}/stories/${id}`, { headers: { origin: E2E.baseUrl } })).status()).toBe(200);
  }
  await page.goto(`/series/${seriesId}`);
  await expect(partTitles(page)).toHaveText(['First', 'Second', 'Third']);

  // A finger on First's handle, down past Third's middle: touch events as a phone sends them.
  const from = (await page.getByRole('button', { name: 'Drag to reorder: First' }).boundingBox())!;
  const last = (await page.getByTestId('series-part').nth(2).boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const x = from.x + from.width / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from.y + from.height / 2 }] });
  for (let step = 1; step <= 10; step++) {
    const y = from.y + from.height / 2 + ((last.y + last.height * 0.8 - from.y - from.height / 2) * step) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  const saved = orderSaved(page, parts[1]!, parts[2]!, parts[0]!);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(partTitles(page)).toHaveText(['Second', 'Third', 'First']);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(partTitles(page)).toHaveText(['Second', 'Third', 'First']);
  await context.close();
});
