import { describe, expect, it } from 'vitest';
import { greetingListResponseSchema, importSummarySchema, type ImportSummary } from '@common/greetings/greetings';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { openEventStream } from '../../test/sse';
import type { ErrorBody } from '../stories/test-support';
import { addGreeting, adminLogsOf, storedGreetings } from './test-support';

const HEADER = 'text,punctuation,enabled';
const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\n');

describe.each(testDialects())('greetings CSV import and export on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true } } });

  async function exported(): Promise<{ csv: string; headers: Headers }> {
    const res = await api.admin.client.raw('GET', '/api/admin/greetings/export');
    expect(res.status).toBe(200);
    return { csv: await res.text(), headers: res.headers };
  }

  async function post(path: 'import' | 'import/preview', csv: unknown) {
    return api.admin.client.post<ImportSummary & ErrorBody>(`/api/admin/greetings/${path}`, { csv });
  }

  const summary = async (path: 'import' | 'import/preview', csv: string) => {
    const res = await post(path, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return importSummarySchema.parse(res.body);
  };

  it('exports every greeting as greetings.csv: the header, then text quoted with doubled quotes', async () => {
    await addGreeting(api.admin.client, 'She said "write"');
    const { csv, headers } = await exported();
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="greetings.csv"');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('"She said ""write""",!,true');
    expect(lines).toContain('"Welcome back",!,true');
    const count = greetingListResponseSchema.parse((await api.admin.client.get('/api/admin/greetings')).body).greetings.length;
    expect(lines.filter(Boolean)).toHaveLength(count + 1);
  });

  it('defuses spreadsheet formulas on export and reads them back unchanged', async () => {
    const formulas = ["=cmd|' /C calc'!A0", '+SUM(A1)', '-2+3', '@HYPERLINK("x")', "'=already quoted"];
    for (const text of formulas) await addGreeting(api.admin.client, text);
    const { csv } = await exported();
    for (const line of ['"\'=cmd|\' /C calc\'!A0",!,true', '"\'+SUM(A1)",!,true', '"\'-2+3",!,true', '"\'@HYPERLINK(""x"")",!,true', '"\'\'=already quoted",!,true']) {
      expect(csv.split('\r\n')).toContain(line);
    }
    // No cell starts with a formula character, quoted or not.
    expect(csv.split('\r\n').filter((line) => /^"?[=+\-@]/.test(line))).toEqual([]);
    const before = await storedGreetings(api.server);
    expect((await summary('import', csv)).created).toBe(0);
    expect(await storedGreetings(api.server)).toEqual(before);
    for (const text of formulas) expect(before.get(`${text}!`)).toBe(true);
  });

  it('export then import of the same file changes nothing: 0 new, 0 updated, every row unchanged, no log, no event', async () => {
    const { csv } = await exported();
    const before = await storedGreetings(api.server);
    const logsBefore = await adminLogsOf(api.server, 'greetings_imported');
    const expected = { created: 0, updated: 0, unchanged: before.size, errors: [] };
    expect(await summary('import/preview', csv)).toEqual(expected);
    expect(await summary('import', csv)).toEqual(expected);
    expect(await storedGreetings(api.server)).toEqual(before);
    expect(await adminLogsOf(api.server, 'greetings_imported')).toEqual(logsBefore);
  });

  it('previews without writing, then applies: updates matching text+punctuation, creates the rest, skips bad lines', async () => {
    const file = csvOf(
      '"Welcome back",!,false', // updated
      '"Hello",!,true', // unchanged
      '"Brand new",?,true', // new
      '"Welcome back",?,false', // new: another punctuation
      '"welcome back",!,true', // new: text matches exactly
      '"No punctuation",,true',
      '"Bad flag",!,yes',
      '"Brand new",?,false', // repeats line 4
      '',
      '"Fresh ""quoted""",.,false', // new
    );
    const before = await storedGreetings(api.server);
    const expected = {
      created: 4,
      updated: 1,
      unchanged: 1,
      errors: [
        { line: 7, message: 'Punctuation must be one of ! ? .' },
        { line: 8, message: 'Enabled must be true or false.' },
        { line: 9, message: 'Repeats line 4.' },
      ],
    };
    expect(await summary('import/preview', file)).toEqual(expected);
    expect(await storedGreetings(api.server)).toEqual(before);

    const stream = await openEventStream(api.admin.client);
    expect(await summary('import', file)).toEqual(expected);
    await stream.next('greetings.changed');
    stream.close();
    const after = await storedGreetings(api.server);
    expect(after.size).toBe(before.size + 4);
    const flags = ['Welcome back!', 'Brand new?', 'Welcome back?', 'welcome back!', 'Fresh "quoted".'].map((label) => after.get(label));
    expect(flags).toEqual([false, true, false, true, false]);
    expect(after.has('Bad flag!')).toBe(false);

    const logs = await adminLogsOf(api.server, 'greetings_imported');
    expect(logs.at(-1)).toMatchObject({ target: 'greetings', details: { created: 4, updated: 1, unchanged: 1, errors: 3 } });
    expect(logs.at(-1)?.user?.uid).toBe(api.admin.uid);
    // The same file again: nothing left to do.
    expect(await summary('import', file)).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
  });

  it("answers 'Invalid CSV file.' to an unparseable file and changes nothing", async () => {
    const before = await storedGreetings(api.server);
    const logs = await api.server.ctx.db.selectFrom('adminLogs').select('id').orderBy('id').execute();
    const files = [
      '',
      'name,email\nAda,ada@example.com',
      csvOf('"Unclosed,!,true'),
      csvOf('"Good",!,true', '"Stray"quote,!,true'),
      '{"greetings":[]}',
      'text;punctuation;enabled\nHi;!;true',
    ];
    for (const path of ['import/preview', 'import'] as const) {
      for (const file of files) {
        const res = await post(path, file);
        expect([path, file, res.status, res.body.error]).toEqual([path, file, 400, { code: 'invalid_csv', message: 'Invalid CSV file.' }]);
      }
      const binary = await post(path, '\u0089PNG\r\n\u001a\n\u0000\u0000');
      expect([binary.status, binary.body.error.message]).toEqual([400, 'csv: The CSV file contains characters that are not allowed.']);
      expect((await post(path, 42)).status).toBe(400);
      const big = await post(path, csvOf(...Array.from({ length: 6000 }, (_, i) => `"Greeting number ${i}",!,true`)));
      expect(big.status).toBe(413);
    }
    expect(await storedGreetings(api.server)).toEqual(before);
    expect(await api.server.ctx.db.selectFrom('adminLogs').select('id').orderBy('id').execute()).toEqual(logs);
  });

  it('applies 20 imports of the same file at once exactly once: no duplicates, counts that add up', async () => {
    const file = csvOf('"Hello",!,false', '"Hi there",!,false', ...Array.from({ length: 8 }, (_, i) => `"Burst ${i}",?,true`));
    const before = await storedGreetings(api.server);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('import', file)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const summaries = results.map((r) => importSummarySchema.parse(r.body));
    expect(summaries.reduce((n, s) => n + s.created, 0)).toBe(8);
    expect(summaries.reduce((n, s) => n + s.updated, 0)).toBe(2);
    for (const s of summaries) expect(s.created + s.updated + s.unchanged).toBe(10);

    const rows = await api.server.ctx.db.selectFrom('greetings').select(['text', 'punctuation']).execute();
    expect(new Set(rows.map((r) => `${r.text}${r.punctuation}`)).size).toBe(rows.length);
    expect(rows).toHaveLength(before.size + 8);
    const after = await storedGreetings(api.server);
    expect([after.get('Hello!'), after.get('Hi there!'), after.get('Burst 7?')]).toEqual([false, false, true]);
    // One log entry per import that changed something: the first one applied.
    const applied = summaries.filter((s) => s.created + s.updated > 0);
    expect(applied).toHaveLength(1);
  });
});
