import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { compareGreetings } from '../common/greetings/greetings';
import { signInAsAdmin } from './support/admin';
import { queryE2eDatabase } from './support/db';
import { E2E } from './support/env';
import { newPerson, signUpThroughApi } from './support/users';
import { expectNoAxeViolations } from './support/axe';

/*
 * The browser-test database is shared by every spec file running at once: each test works on
 * greetings it made itself (texts with a random tag) and never assumes the rest of the list.
 * The tests here run one after another, as Disable All and the home fallback touch every row.
 */
test.describe.configure({ mode: 'serial' });

/** In every greeting this file makes, so they can be told apart and removed afterwards. */
const RUN = crypto.randomBytes(3).toString('hex');
const tag = () => `${RUN}${crypto.randomBytes(2).toString('hex')}`;
const headers = { origin: E2E.baseUrl };

const row = (page: Page, label: string) => page.locator(`[data-testid="greeting-row"][data-greeting="${label.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]`);
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

// Other spec files' writers see the home greeting: take this file's greetings away again.
test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const { greetings } = (await (await page.request.get('/api/admin/greetings')).json()) as { greetings: Array<{ id: string; text: string }> };
  for (const { id } of greetings.filter((g) => g.text.includes(RUN))) {
    expect((await page.request.delete(`/api/admin/greetings/${id}`, { headers })).status()).toBe(200);
  }
  await context.close();
});

async function addThroughApi(page: Page, text: string, punctuation = '!', enabled = true): Promise<string> {
  const res = await page.request.post('/api/admin/greetings', { data: { text, punctuation }, headers });
  expect(res.status(), await res.text()).toBe(201);
  const { greeting } = (await res.json()) as { greeting: { id: string } };
  if (!enabled) expect((await page.request.patch(`/api/admin/greetings/${greeting.id}`, { data: { enabled: false }, headers })).status()).toBe(200);
  return greeting.id;
}

async function openManager(page: Page) {
  await page.goto('/admin/greetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin: Greetings Manager' })).toBeVisible();
  await expect(page.getByTestId('greetings-table')).toBeVisible();
}

async function todaysGreeting(page: Page): Promise<{ text: string; punctuation: string }> {
  const res = await page.request.get('/api/greetings/today');
  expect(res.status()).toBe(200);
  const { greeting } = (await res.json()) as { greeting: { text: string; punctuation: string } | null };
  if (!greeting) throw new Error('no greeting is enabled');
  return greeting;
}

function csvFile(...lines: string[]) {
  return { name: 'greetings.csv', mimeType: 'text/csv', buffer: Buffer.from(['text,punctuation,enabled', ...lines].join('\r\n')) };
}

test('an admin adds, edits, cancels, toggles and deletes a greeting in the table', async ({ page }) => {
  await signInAsAdmin(page);
  await openManager(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/greetings') posts.push(r.postData() ?? '');
  });
  const form = page.getByTestId('add-greeting');
  const input = form.getByLabel('New greeting');

  // Empty after trimming: ignored, nothing is sent.
  await input.fill('   ');
  await input.press('Enter');
  await form.getByRole('button', { name: 'Add' }).click();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(posts).toEqual([]);

  const text = `Hey there ${tag()}`;
  await input.fill(`  ${text} `);
  await expect(form.getByLabel('Punctuation')).toHaveValue('!');
  await form.getByLabel('Punctuation').selectOption('?');
  await input.press('Enter');
  await expect(toast(page, 'Greeting added!')).toBeVisible();
  await expect(row(page, `${text}?`)).toBeVisible();
  await expect(row(page, `${text}?`).getByRole('checkbox', { name: `Enabled: ${text}?` })).toBeChecked();
  await expect(input).toHaveValue('');
  await expect(form.getByLabel('Punctuation')).toHaveValue('!');
  expect(posts.map((p) => JSON.parse(p) as unknown)).toEqual([{ text, punctuation: '?' }]);

  // Sorted by text, ignoring case.
  const shown = await page.getByTestId('greeting-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-greeting') ?? ''));
  const pairs = shown.map((label) => ({ text: label.slice(0, -1), punctuation: label.slice(-1) }));
  expect(pairs).toEqual([...pairs].sort(compareGreetings));

  // The same greeting again: the server's reason, and the text stays to change.
  await input.fill(text);
  await form.getByLabel('Punctuation').selectOption('?');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'That greeting already exists.')).toBeVisible();
  await expect(input).toHaveValue(text);
  await input.fill('');

  // Edit, then Cancel: the saved values come back.
  const edited = `Howdy ${tag()}`;
  await row(page, `${text}?`).getByRole('button', { name: `Edit ${text}?` }).click();
  const editing = page.getByTestId('greeting-row').filter({ has: page.getByLabel('Greeting text') });
  await expect(editing.getByLabel('Greeting text')).toBeFocused();
  await editing.getByLabel('Greeting text').fill(edited);
  await editing.getByLabel('Punctuation').selectOption('.');
  await editing.getByRole('button', { name: 'Cancel editing' }).click();
  await expect(row(page, `${text}?`).getByTestId('greeting-text')).toHaveText(text);
  await expect(row(page, `${text}?`).getByRole('button', { name: `Edit ${text}?` })).toBeFocused();

  // Edit and Save.
  await row(page, `${text}?`).getByRole('button', { name: `Edit ${text}?` }).click();
  await expect(editing.getByLabel('Greeting text')).toHaveValue(text);
  await editing.getByLabel('Greeting text').fill(` ${edited} `);
  await editing.getByLabel('Punctuation').selectOption('.');
  await editing.getByRole('button', { name: `Save ${text}?` }).click();
  await expect(toast(page, 'Greeting updated!')).toBeVisible();
  await expect(row(page, `${edited}.`)).toBeVisible();
  await expect(row(page, `${text}?`)).toHaveCount(0);

  // The Enabled checkbox saves at once.
  const checkbox = row(page, `${edited}.`).getByRole('checkbox');
  await checkbox.uncheck();
  await expect(checkbox).not.toBeChecked();
  await expect(checkbox).toBeEnabled();
  await page.reload();
  await expect(row(page, `${edited}.`).getByRole('checkbox')).not.toBeChecked();
  expect(queryE2eDatabase<{ enabled: number }>('SELECT enabled FROM greetings WHERE text = ? AND punctuation = ?', edited, '.')).toEqual([{ enabled: 0 }]);

  await expect(page.getByRole('main')).not.toBeEmpty();
  await expectNoAxeViolations(page);

  // Delete asks first; Cancel keeps it.
  await row(page, `${edited}.`).getByRole('button', { name: `Delete ${edited}.` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete this greeting?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, `${edited}.`)).toBeVisible();
  await row(page, `${edited}.`).getByRole('button', { name: `Delete ${edited}.` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Greeting deleted!')).toBeVisible();
  await expect(row(page, `${edited}.`)).toHaveCount(0);
  expect(queryE2eDatabase('SELECT id FROM greetings WHERE text = ?', edited)).toEqual([]);
});

test('Enable All and Disable All each change every greeting in one request', async ({ page }) => {
  await signInAsAdmin(page);
  const on = `Bulk on ${tag()}`;
  const off = `Bulk off ${tag()}`;
  await addThroughApi(page, on);
  await addThroughApi(page, off, '.', false);
  await openManager(page);
  const bulk: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/admin\/greetings\/(enable|disable)-all$/.test(r.url())) bulk.push(new URL(r.url()).pathname);
  });

  await page.getByRole('button', { name: 'Disable All' }).click();
  await expect(toast(page, 'All greetings disabled!')).toBeVisible();
  await expect(row(page, `${on}!`).getByRole('checkbox')).not.toBeChecked();
  await expect(row(page, `${off}.`).getByRole('checkbox')).not.toBeChecked();

  await page.getByRole('button', { name: 'Enable All' }).click();
  await expect(toast(page, 'All greetings enabled!')).toBeVisible();
  await expect(row(page, `${on}!`).getByRole('checkbox')).toBeChecked();
  await expect(row(page, `${off}.`).getByRole('checkbox')).toBeChecked();
  expect(bulk).toEqual(['/api/admin/greetings/disable-all', '/api/admin/greetings/enable-all']);
});

test('Import CSV shows a preview and applies only on confirm; Export CSV downloads a file that imports back unchanged', async ({ page }) => {
  await signInAsAdmin(page);
  const t = tag();
  const existing = `Imported already ${t}`;
  const fresh = `Imported new ${t}`;
  const quoted = `She said "write" ${t}`;
  const formula = `=HYPERLINK("x") ${t}`;
  await addThroughApi(page, existing);
  await addThroughApi(page, formula, '?');
  await openManager(page);
  const file = csvFile(`"${existing}",!,false`, `"${fresh}",?,true`, `"Bad ${t}",;,true`, `"${quoted.replaceAll('"', '""')}",.,true`);
  const fileInput = page.getByTestId('import-file');
  const preview = page.getByTestId('import-preview');

  await fileInput.setInputFiles(file);
  await expect(preview.getByTestId('import-summary')).toHaveText('2 new, 1 updated, 0 unchanged, 1 error');
  await expect(preview.getByTestId('import-errors')).toHaveText('Line 4: Punctuation must be one of ! ? .');
  // Cancel: nothing changed.
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
  await expect(row(page, `${fresh}?`)).toHaveCount(0);
  await expect(row(page, `${existing}!`).getByRole('checkbox')).toBeChecked();

  // The same file again, confirmed.
  await fileInput.setInputFiles(file);
  await expect(preview.getByTestId('import-summary')).toHaveText('2 new, 1 updated, 0 unchanged, 1 error');
  await preview.getByRole('button', { name: 'Confirm import' }).click();
  await expect(toast(page, 'Greetings imported: 2 new, 1 updated, 0 unchanged, 1 error')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(row(page, `${fresh}?`).getByRole('checkbox')).toBeChecked();
  await expect(row(page, `${quoted}.`)).toBeVisible();
  await expect(row(page, `${existing}!`).getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText(`Bad ${t}`)).toHaveCount(0);

  // Not a greetings CSV: refused before anything is sent, no preview.
  await fileInput.setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('name,email\nAda,ada@example.com') });
  await expect(toast(page, 'Invalid CSV file.')).toBeVisible();
  await expect(preview).toHaveCount(0);

  // Export: greetings.csv with the header, quoted text and defused formulas.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('greetings.csv');
  const exported = fs.readFileSync(await download.path(), 'utf8');
  const lines = exported.split('\r\n');
  expect(lines[0]).toBe('text,punctuation,enabled');
  expect(lines).toContain(`"${existing}",!,false`);
  expect(lines).toContain(`"She said ""write"" ${t}",.,true`);
  expect(lines).toContain(`"'=HYPERLINK(""x"") ${t}",?,true`);

  // …and importing it back changes nothing.
  await fileInput.setInputFiles({ name: 'greetings.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
  await expect(preview.getByTestId('import-summary')).toHaveText(/^0 new, 0 updated, \d+ unchanged, 0 errors$/);
  await expect(preview.getByTestId('import-errors')).toHaveCount(0);
  await expectNoAxeViolations(page, 'import preview', { include: ['[data-testid="import-preview"]'] });
  await preview.getByRole('button', { name: 'Confirm import' }).click();
  await expect(toast(page, /Greetings imported: 0 new, 0 updated, \d+ unchanged, 0 errors/)).toBeVisible();
  await expect(row(page, `${formula}?`)).toBeVisible();
  expect(queryE2eDatabase('SELECT id FROM greetings WHERE text = ?', `'${formula}`)).toEqual([]);
});

test('the home screen greets a writer by first name with an enabled greeting, or the fixed fallback when none is enabled', async ({ page, browser }) => {
  await signUpThroughApi(page, newPerson('greeted', 'Grace Hopper'));
  await page.goto('/');
  const heading = page.getByTestId('home-greeting');
  const greeting = await todaysGreeting(page);
  await expect(heading).toHaveText(`${greeting.text}, Grace${greeting.punctuation}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('id', 'screen-heading');
  expect(queryE2eDatabase('SELECT enabled FROM greetings WHERE text = ? AND punctuation = ?', greeting.text, greeting.punctuation)).toEqual([{ enabled: 1 }]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAsAdmin(admin);
    expect((await admin.request.post('/api/admin/greetings/disable-all', { data: {}, headers })).status()).toBe(200);
    await page.reload();
    await expect(heading).toHaveText('Welcome back, Grace!');
  } finally {
    expect((await admin.request.post('/api/admin/greetings/enable-all', { data: {}, headers })).status()).toBe(200);
    await adminContext.close();
  }
  // Every greeting is enabled now, so today's may be another one.
  await page.reload();
  const after = await todaysGreeting(page);
  await expect(heading).toHaveText(`${after.text}, Grace${after.punctuation}`);
});
