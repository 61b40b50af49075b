import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { STORY_TEXT_MAX, type Story } from '@common/stories/story';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MAX_FILES, IMPORT_TEXTS, importReportSchema, type ImportReport } from '@common/your-data/your-data';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';

type FileSpec = [name: string, content: string | Uint8Array];

/** POST /api/import as the browser's form sends it: multipart, field `files`, one part per file. */
async function upload(client: TestClient, files: FileSpec[]) {
  const form = new FormData();
  for (const [name, content] of files) form.append('files', new Blob([new Uint8Array(typeof content === 'string' ? strToU8(content) : content)]), name);
  const res = await fetch(new URL('/api/import', client.baseUrl), { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } });
  const body: unknown = await res.json();
  return { status: res.status, body, report: res.status === 200 ? importReportSchema.parse(body) : null };
}

async function imported(client: TestClient, files: FileSpec[]): Promise<ImportReport> {
  const res = await upload(client, files);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.report!;
}

const reasons = (report: ImportReport) => Object.fromEntries(report.items.map((i) => [i.file, i.reason]));

describe.each(testDialects())('import on %s', (dialect) => {
  const api = useTestServer(dialect);

  const storyOf = async (client: TestClient, id: string) => (await client.get<{ story: Story }>(`/api/stories/${id}`)).body.story;
  const storiesOf = async (uid: string) =>
    Number((await api.server.ctx.db.selectFrom('stories').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow()).n);
  const writingWords = async (uid: string) =>
    (await api.server.ctx.db.selectFrom('writingDays').select('words').where('uid', '=', uid).execute()).reduce((sum, r) => sum + Number(r.words), 0);

  it('makes private stories of .md and .txt files: title from front matter, a # heading or the file name', async () => {
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const report = await imported(writer.client, [
      ['front.md', '---\ntitle: "The \\"Last\\" Lighthouse"\npublic: true\nprompt:\n  genre: "Mystery"\n  theme: "Memory"\n  twist: "The narrator is lying to the reader"\n---\n\nThe lamp went out.\n'],
      ['heading.md', '# A Heading Title\n\nShe kept the key.\r\nAnd the door.'],
      ['my_old-note.txt', '\uFEFFPlain words only.'],
    ]);
    expect(report).toMatchObject({ imported: 3, refused: 0 });
    expect(report.items.map((i) => [i.file, i.status, i.title])).toEqual([
      ['front.md', 'imported', 'The "Last" Lighthouse'],
      ['heading.md', 'imported', 'A Heading Title'],
      ['my_old-note.txt', 'imported', 'my old note'],
    ]);
    const [front, heading, note] = await Promise.all(report.items.map((i) => storyOf(writer.client, i.storyId!)));
    expect(front).toMatchObject({ public: false, content: 'The lamp went out.', prompt: { genre: 'Mystery', theme: 'Memory', twist: 'The narrator is lying to the reader' }, wordCount: 4 });
    expect(heading).toMatchObject({ content: 'She kept the key.\nAnd the door.', prompt: null });
    expect(note).toMatchObject({ title: 'my old note', content: 'Plain words only.' });

    // Private: nobody else sees them, anywhere.
    expect((await reader.client.get(`/api/stories/${front!.id}`)).status).toBe(404);
    const community = await reader.client.get<{ stories: Array<{ id: string }> }>('/api/stories/community');
    expect(community.status).toBe(200);
    expect(community.body.stories.map((s) => s.id)).not.toContain(front!.id);
    // Imported words were not written today: no writing day, no streak.
    expect(await writingWords(writer.uid)).toBe(0);
  });

  it('round-trips an export: its stories/ folder zipped, or the whole export (only the stories are taken)', async () => {
    const writer = await signUp(api.server, { name: 'Round Trip' });
    const prompt = { genre: 'Horror', theme: 'Loss', twist: 'Told entirely in dialogue' } as const;
    await postStory(writer.client, { title: 'Tide', content: 'The sea came back.\n\nIt always does.', prompt, public: true });
    await postStory(writer.client, { title: 'Tide', content: 'Second tide, same name.', prompt: null });
    const res = await writer.client.raw('GET', '/api/export/download');
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const storyFiles = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('stories/')));
    expect(Object.keys(storyFiles)).toHaveLength(2);

    const folder = await imported(writer.client, [['stories.zip', zipSync(storyFiles)]]);
    expect(folder.items.map((i) => [i.file.replace(/\d{4}-\d{2}-\d{2}/, 'DAY'), i.title])).toEqual([
      ['stories.zip/stories/DAY-tide.md', 'Tide'],
      ['stories.zip/stories/DAY-tide-2.md', 'Tide'],
    ]);
    const copy = await storyOf(writer.client, folder.items[0]!.storyId!);
    expect(copy).toMatchObject({ title: 'Tide', content: 'The sea came back.\n\nIt always does.', prompt, public: false });

    // The whole export holds the same two stories: they were just imported, so nothing comes in twice.
    const whole = await imported(writer.client, [['drabble-export.zip', zipSync(files)]]);
    expect(whole).toMatchObject({ imported: 0, duplicates: 2, refused: 0 });
    expect(whole.items.every((i) => i.file.includes('/stories/'))).toBe(true);
    expect(whole.items.map((i) => i.storyId)).toEqual(folder.items.map((i) => i.storyId));
  });

  it('says "already imported" for a story this writer imported before, or twice in one upload, and makes no second story', async () => {
    const writer = await signUp(api.server);
    const first = await imported(writer.client, [['lantern.md', '---\ntitle: "The Lantern"\n---\n\nShe lit the lantern.\n\nThe harbour answered.\n']]);
    expect(first).toMatchObject({ imported: 1, duplicates: 0, refused: 0 });
    const lantern = first.items[0]!.storyId!;

    const again = await imported(writer.client, [
      // The same file again.
      ['lantern.md', '---\ntitle: "The Lantern"\n---\n\nShe lit the lantern.\n\nThe harbour answered.\n'],
      // The same title and text, saved otherwise: a heading, Windows line ends, trailing spaces, extra blank lines.
      ['Copy of lantern.txt', '# The Lantern\r\n\r\nShe lit the lantern.   \r\n\r\n\r\n\r\nThe harbour answered.\r\n\r\n'],
      // One changed word is another story.
      ['lantern-2.md', '# The Lantern\n\nShe lit the lantern.\n\nThe harbor answered.'],
      // And the same new story twice in one upload: the second is a duplicate of the first.
      ['tide.md', '# Tide\n\nThe sea came back.'],
      ['tide (1).md', '# Tide\n\nThe sea came back.'],
    ]);
    expect(again).toMatchObject({ imported: 2, duplicates: 3, refused: 0 });
    expect(again.items.map((i) => [i.file, i.status, i.reason])).toEqual([
      ['lantern.md', 'duplicate', IMPORT_TEXTS.alreadyImported],
      ['Copy of lantern.txt', 'duplicate', IMPORT_TEXTS.alreadyImported],
      ['lantern-2.md', 'imported', null],
      ['tide.md', 'imported', null],
      ['tide (1).md', 'duplicate', IMPORT_TEXTS.alreadyImported],
    ]);
    // A duplicate points at the story it already is.
    expect(again.items[0]!.storyId).toBe(lantern);
    expect(again.items[1]!.storyId).toBe(lantern);
    expect(again.items[4]!.storyId).toBe(again.items[3]!.storyId);
    expect(again.items[0]!.title).toBe('The Lantern');
    expect(await storiesOf(writer.uid)).toBe(3);

    // Another writer's import of the same file is theirs to make.
    const other = await signUp(api.server);
    expect(await imported(other.client, [['lantern.md', '# The Lantern\n\nShe lit the lantern.\n\nThe harbour answered.']])).toMatchObject({ imported: 1, duplicates: 0 });

    // Once the imported story is deleted, importing the file brings it back.
    expect((await writer.client.delete(`/api/stories/${lantern}`)).status).toBe(204);
    const back = await imported(writer.client, [['lantern.md', '# The Lantern\n\nShe lit the lantern.\n\nThe harbour answered.']]);
    expect(back).toMatchObject({ imported: 1, duplicates: 0 });
    expect(back.items[0]!.storyId).not.toBe(lantern);
  });

  it('imports each story once when the same upload is sent many times at once', async () => {
    const writer = await signUp(api.server);
    const files: FileSpec[] = [
      ['one.md', '# One\n\nThe first story.'],
      ['two.md', '# Two\n\nThe second story.'],
    ];
    const reports = await Promise.all(Array.from({ length: 6 }, () => imported(writer.client, files)));
    // Every answer is a full report; across them, each file was imported exactly once.
    for (const report of reports) expect(report.imported + report.duplicates).toBe(2);
    for (const file of ['one.md', 'two.md']) {
      const verdicts = reports.map((r) => r.items.find((i) => i.file === file)!);
      expect(verdicts.filter((v) => v.status === 'imported')).toHaveLength(1);
      expect(new Set(verdicts.map((v) => v.storyId)).size).toBe(1);
    }
    expect(await storiesOf(writer.uid)).toBe(2);
  });

  it('refuses each bad file with its reason and imports the rest', async () => {
    const writer = await signUp(api.server);
    const tooLong = 'word '.repeat(STORY_TEXT_MAX / 5 + 10);
    const report = await imported(writer.client, [
      ['good.md', 'A fine story.'],
      ['notes.docx', 'PK not really'],
      ['empty.md', ''],
      ['blank.txt', '   \n\n  '],
      ['only-front-matter.md', '---\ntitle: "Nothing"\n---\n'],
      ['long.md', tooLong],
      ['huge.txt', 'x'.repeat(IMPORT_FILE_MAX_BYTES + 1)],
      ['latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])],
      ['control.md', 'Bell \u0007 here'],
      ['bad.zip', 'this is not a zip'],
    ]);
    expect(report).toMatchObject({ imported: 1, refused: 9 });
    expect(reasons(report)).toEqual({
      'good.md': null,
      'notes.docx': IMPORT_TEXTS.unsupported,
      'empty.md': IMPORT_TEXTS.empty,
      'blank.txt': IMPORT_TEXTS.empty,
      'only-front-matter.md': IMPORT_TEXTS.empty,
      'long.md': 'Your story must be at most 10,000 characters.',
      'huge.txt': IMPORT_TEXTS.tooLarge,
      'latin1.txt': IMPORT_TEXTS.notUtf8,
      'control.md': 'Your story contains characters that are not allowed.',
      'bad.zip': IMPORT_TEXTS.badZip,
    });
    expect(report.items.filter((i) => i.status === 'refused').every((i) => i.storyId === null)).toBe(true);
  });

  it('opens zips with care: other files refused, a file too large, a zip bomb, more files than allowed', async () => {
    const writer = await signUp(api.server);
    const mixed = zipSync({ 'a.md': strToU8('One.'), 'pic.png': new Uint8Array([1, 2, 3]), 'big.txt': new Uint8Array(IMPORT_FILE_MAX_BYTES + 10).fill(65), '__MACOSX/._a.md': strToU8('x'), 'dir/': new Uint8Array() });
    const report = await imported(writer.client, [['mixed.zip', mixed]]);
    expect(reasons(report)).toEqual({ 'mixed.zip/a.md': null, 'mixed.zip/pic.png': IMPORT_TEXTS.unsupported, 'mixed.zip/big.txt': IMPORT_TEXTS.tooLarge });

    // 24 MB of zeros squeeze into a few tens of kilobytes: refused without being unpacked.
    const bomb = zipSync({ 'bomb.md': new Uint8Array(24 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const bombed = await imported(writer.client, [['bomb.zip', bomb]]);
    expect(reasons(bombed)).toEqual({ 'bomb.zip': IMPORT_TEXTS.zipTooLarge });

    const many = zipSync(Object.fromEntries(Array.from({ length: IMPORT_MAX_FILES + 2 }, (_, i) => [`s${String(i).padStart(3, '0')}.md`, strToU8(`Story ${i}.`)])));
    const crowded = await imported(writer.client, [['many.zip', many]]);
    expect(crowded).toMatchObject({ imported: IMPORT_MAX_FILES, refused: 2 });
    expect(crowded.items.slice(-2).map((i) => i.reason)).toEqual([IMPORT_TEXTS.tooMany, IMPORT_TEXTS.tooMany]);
    const count = await api.server.ctx.db.selectFrom('stories').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', writer.uid).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1 + IMPORT_MAX_FILES);
  });

  it('refuses guests, uploads over 5 MB, requests without files, and more than ten imports an hour', async () => {
    const writer = await signUp(api.server);
    expect((await upload(api.server.client(), [['a.md', 'x']])).status).toBe(401);

    const tooBig = await upload(writer.client, [['big.zip', new Uint8Array(5 * 1024 * 1024 + 100 * 1024)]]);
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as ErrorBody).error.message).toBe(IMPORT_TEXTS.uploadTooLarge);

    const none = await writer.client.raw('POST', '/api/import', { body: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(none.status).toBe(400);
    const json = await writer.client.post<ErrorBody>('/api/import', { files: [] });
    expect(json.status).toBe(415);

    // Ten an hour: the three refusals above were counted (before their bodies were read), the guest's was not.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await upload(writer.client, [['a.md', `Story ${i}`]])).status);
    expect(statuses).toEqual([...Array(7).fill(200), 429, 429]);
  });
});
