import { describe, expect, it } from 'vitest';
import {
  compareGreetings,
  formatGreeting,
  formatImportSummary,
  greetingCreateSchema,
  greetingImportSchema,
  greetingOfDay,
  greetingUpdateSchema,
} from './greetings';
import { greetingsToCsv, parseGreetingsCsv, planImport, type GreetingRow } from './csv';

const HEADER = 'text,punctuation,enabled';
const DAY = 86_400_000;

function parsed(csv: string) {
  const result = parseGreetingsCsv(csv);
  if (!result.ok) throw new Error('expected a valid CSV');
  return result;
}

describe('greeting input', () => {
  it('trims the text, defaults the punctuation to !, and refuses empty, long, multi-line or unknown values', () => {
    expect(greetingCreateSchema.parse({ text: '  Hello there \n' })).toEqual({ text: 'Hello there', punctuation: '!' });
    const message = (value: unknown) => greetingCreateSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ text: '   ' })).toBe('Please enter a greeting.');
    expect(message({ text: 'x'.repeat(101) })).toBe('Please keep a greeting to 100 characters or fewer.');
    expect(greetingCreateSchema.safeParse({ text: 'x'.repeat(100) }).success).toBe(true);
    expect(message({ text: 'two\nlines' })).toBe('A greeting must fit on one line.');
    expect(message({ text: 'Hi', punctuation: ';' })).toBe('Punctuation must be one of ! ? .');
    expect(message({ text: 'Bell\u0007' })).toBe('Greeting contains characters that are not allowed.');
    expect(message({ text: 'Hi', extra: 1 })).toBeDefined();
  });

  it('needs something to update', () => {
    expect(greetingUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('Nothing to update.');
    expect(greetingUpdateSchema.parse({ enabled: false })).toEqual({ enabled: false });
    expect(greetingUpdateSchema.safeParse({ enabled: 'no' }).error?.issues[0]?.message).toBe('Enabled must be true or false.');
  });

  it('keeps the file under the body limit and refuses control characters in it', () => {
    expect(greetingImportSchema.safeParse({ csv: 'x'.repeat(100 * 1024 + 1) }).success).toBe(false);
    expect(greetingImportSchema.safeParse({ csv: '\u0000PNG' }).error?.issues[0]?.message).toBe('The CSV file contains characters that are not allowed.');
    expect(greetingImportSchema.safeParse({ csv: 42 }).error?.issues[0]?.message).toBe('Invalid CSV file.');
  });
});

describe('the greeting of the day', () => {
  const enabled = [
    { text: 'hello', punctuation: '!' },
    { text: 'Good to see you', punctuation: '.' },
    { text: 'Hello', punctuation: '?' },
  ];

  it('sorts by text ignoring case, then exactly, then by punctuation', () => {
    const list = [...enabled, { text: 'Hello', punctuation: '!' }, { text: 'Émile', punctuation: '!' }, { text: 'Zed', punctuation: '!' }];
    expect(list.sort(compareGreetings).map((g) => g.text + g.punctuation)).toEqual(['Émile!', 'Good to see you.', 'Hello!', 'Hello?', 'hello!', 'Zed!']);
  });

  it('is the same all through a UTC day, the next one along the next day, whatever the input order', () => {
    const morning = new Date('2024-05-01T00:00:00.000Z');
    const evening = new Date('2024-05-01T23:59:59.999Z');
    const today = greetingOfDay(enabled, morning);
    expect(greetingOfDay([...enabled].reverse(), evening)).toEqual(today);
    const days = [0, 1, 2, 3].map((n) => greetingOfDay(enabled, new Date(morning.getTime() + n * DAY)));
    expect(new Set(days.slice(0, 3).map((g) => g?.text + '' + g?.punctuation)).size).toBe(3);
    expect(days[3]).toEqual(days[0]);
    expect(greetingOfDay([], morning)).toBeNull();
    expect(greetingOfDay(enabled, new Date(-5 * DAY))).not.toBeNull();
  });

  it('reads "{text}, {first}{punctuation}", or "Welcome back, {first}!" with none enabled', () => {
    expect(formatGreeting({ text: 'Welcome back', punctuation: '!' }, 'Ada')).toBe('Welcome back, Ada!');
    expect(formatGreeting({ text: 'Ready to write', punctuation: '?' }, 'Ada')).toBe('Ready to write, Ada?');
    expect(formatGreeting(null, 'Ada')).toBe('Welcome back, Ada!');
  });
});

describe('CSV', () => {
  const rows: GreetingRow[] = [
    { text: 'He said "hi"', punctuation: '!', enabled: true },
    { text: '=cmd|\' /C calc\'!A0', punctuation: '?', enabled: false },
    { text: "'=already quoted", punctuation: '.', enabled: true },
    { text: "'plain quote", punctuation: '!', enabled: true },
    { text: 'Comma, inside', punctuation: '!', enabled: false },
    { text: '@mention +plus -minus', punctuation: '.', enabled: true },
  ];

  it('writes the header, then each text quoted with doubled quotes and formulas defused', () => {
    const csv = greetingsToCsv(rows);
    expect(csv.split('\r\n')).toEqual([
      HEADER,
      '"He said ""hi""",!,true',
      '"\'=cmd|\' /C calc\'!A0",?,false',
      '"\'\'=already quoted",.,true',
      '"\'plain quote",!,true',
      '"Comma, inside",!,false',
      '"\'@mention +plus -minus",.,true',
      '',
    ]);
    expect(greetingsToCsv([])).toBe(`${HEADER}\r\n`);
  });

  it('reads back exactly what it wrote', () => {
    const result = parsed(greetingsToCsv(rows));
    expect(result.errors).toEqual([]);
    expect(result.rows.map(({ line: _line, ...row }) => row)).toEqual(rows);
    expect(result.rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('reports bad rows by line and keeps the good ones; blank lines are skipped but counted', () => {
    const csv = [
      '\ufeffText, Punctuation ,ENABLED',
      'Hello,!,true',
      '',
      '   ,!,true',
      'Hi,;,true',
      'Hey,!,maybe',
      'Hello,!,false',
      'Too,many,values,here',
      '"Spread over',
      'two lines",!,true',
      'Yo,?,FALSE',
    ].join('\n');
    const result = parsed(csv);
    expect(result.rows).toEqual([
      { line: 2, text: 'Hello', punctuation: '!', enabled: true },
      { line: 11, text: 'Yo', punctuation: '?', enabled: false },
    ]);
    expect(result.errors).toEqual([
      { line: 4, message: 'Please enter a greeting.' },
      { line: 5, message: 'Punctuation must be one of ! ? .' },
      { line: 6, message: 'Enabled must be true or false.' },
      { line: 7, message: 'Repeats line 2.' },
      { line: 8, message: 'Expected 3 values (text,punctuation,enabled), found 4.' },
      { line: 9, message: 'A greeting must fit on one line.' },
    ]);
  });

  it('takes CRLF files and a file with only the header', () => {
    expect(parsed(`${HEADER}\r\n"Hi",!,true\r\n`).rows).toEqual([{ line: 2, text: 'Hi', punctuation: '!', enabled: true }]);
    expect(parsed(HEADER)).toEqual({ ok: true, rows: [], errors: [] });
  });

  it('refuses what is not a greetings CSV', () => {
    for (const file of ['', 'name,email\nada,ada@example.com', `${HEADER}\n"open quote,!,true`, `${HEADER}\n"x"y,!,true`, '\u0000\u0001PNG', '{"text":"Hi"}', 'text;punctuation;enabled']) {
      expect(parseGreetingsCsv(file), JSON.stringify(file)).toEqual({ ok: false });
    }
  });
});

describe('planImport', () => {
  it('creates unknown text+punctuation pairs, updates changed flags and counts the rest', () => {
    const existing = [
      { id: 'a', text: 'Hello', punctuation: '!' as const, enabled: true },
      { id: 'b', text: 'Hi', punctuation: '?' as const, enabled: false },
    ];
    const plan = planImport(existing, [
      { text: 'Hello', punctuation: '!', enabled: true },
      { text: 'Hi', punctuation: '?', enabled: true },
      { text: 'Hi', punctuation: '!', enabled: false },
      { text: 'hello', punctuation: '!', enabled: true },
    ]);
    expect(plan.create).toEqual([
      { text: 'Hi', punctuation: '!', enabled: false },
      { text: 'hello', punctuation: '!', enabled: true },
    ]);
    expect(plan.update).toEqual([{ existing: existing[1], enabled: true }]);
    expect(plan.unchanged).toBe(1);
  });

  it('summarises as the preview reads', () => {
    expect(formatImportSummary({ created: 3, updated: 1, unchanged: 10, errors: [{ line: 2, message: 'x' }] })).toBe('3 new, 1 updated, 10 unchanged, 1 error');
    expect(formatImportSummary({ created: 0, updated: 0, unchanged: 0, errors: [] })).toBe('0 new, 0 updated, 0 unchanged, 0 errors');
  });
});
