import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { strFromU8, unzipSync } from 'fflate';
import { IMPORT_TEXTS, YOUR_DATA_TEXTS } from '../common/your-data/your-data';
import { newPerson, signUpThroughApi } from './support/users';
import { shot } from './support/looks';

const SHOTS = '/tmp/shots-your-data';

async function writeStory(page: Page, title: string, text: string) {
  await page.goto('/story/new');
  await page.getByTestId('story-title-input').fill(title);
  await page.getByTestId('story-text-input').fill(text);
  await page.getByTestId('save-story').click();
  await expect(page).toHaveURL(/\/story\/[A-Za-z0-9]{20}$/);
}

test('a writer downloads everything from Settings, and imports a Markdown file', async ({ page }) => {
  await signUpThroughApi(page, newPerson('export', 'Export Writer'));
  await writeStory(page, 'The Lantern', 'She lit the lantern.\n\nThe harbour answered.');

  await page.goto('/settings');
  const section = page.getByTestId('settings-your-data');
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();

  await test.step('download: a zip named after the writer, with the story as Markdown', async () => {
    const downloading = page.waitForEvent('download');
    await section.getByRole('link', { name: YOUR_DATA_TEXTS.downloadEverything }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^drabble-export-writer-\d{8}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const story = Object.keys(files).find((name) => /^stories\/\d{4}-\d{2}-\d{2}-the-lantern\.md$/.test(name));
    expect(story, Object.keys(files).join(', ')).toBeDefined();
    const markdown = strFromU8(files[story!]!);
    expect(markdown).toContain('title: "The Lantern"');
    expect(markdown).toContain('public: false');
    expect(markdown).toContain('She lit the lantern.\n\nThe harbour answered.');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'stories.json', 'writing-days.json']));
    // The day's export is taken: the button says so, now and on the next visit.
    await expect(section.getByTestId('export-too-soon')).toHaveText(YOUR_DATA_TEXTS.exportTooSoon);
    await page.reload();
    await expect(page.getByTestId('settings-your-data').getByTestId('export-too-soon')).toHaveText(YOUR_DATA_TEXTS.exportTooSoon);
  });

  await test.step('import: a .md becomes a private story, a .docx is refused with its reason', async () => {
    const section = page.getByTestId('settings-your-data');
    await section.getByTestId('import-files').setInputFiles([
      { name: 'old-drabble.md', mimeType: 'text/markdown', buffer: Buffer.from('# From My Notebook\n\nThe tide kept its promise.') },
      { name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a story') },
    ]);
    const report = section.getByTestId('import-report');
    await expect(report).toContainText(IMPORT_TEXTS.imported(1));
    await expect(page.getByTestId('toast').filter({ hasText: IMPORT_TEXTS.imported(1) })).toBeVisible();
    await expect(report.getByTestId('import-refused')).toContainText(`notes.docx: ${IMPORT_TEXTS.unsupported}`);

    fs.mkdirSync(SHOTS, { recursive: true });
    // The theme is the attribute the app's ThemeProvider sets on <html> (common/me/theme.ts THEME_MODES).
    for (const [mode, width] of [['light', 1280], ['dark-blue', 1280], ['light', 375]] as const) {
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await shot(section, { path: `${SHOTS}/your-data-${mode}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await report.getByRole('link', { name: 'From My Notebook' }).click();
    await expect(page.getByTestId('story-title')).toHaveText('From My Notebook');
    await expect(page.getByTestId('visibility-badge')).toHaveText('Private');
  });
});
