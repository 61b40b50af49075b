import { describe, expect, it } from 'vitest';
import { addDays } from '../streaks/streak';
import {
  dayNumber,
  GENRES,
  hasPromptPage,
  latestPromptDay,
  PROMPT_ARCHIVE_START,
  promptArchiveQuerySchema,
  promptDateSchema,
  PROMPT_SPACE,
  PROMPT_STEP,
  promptAt,
  promptForDay,
  promptIndexForDay,
  promptInputSchema,
  randomPrompt,
  samePrompt,
  THEMES,
  todayPrompt,
  TWISTS,
  utcDayKey,
} from './prompts';

describe('curated lists', () => {
  it('has at least 25 genres, 50 themes and 50 twists, without duplicates or blanks', () => {
    expect(GENRES.length).toBeGreaterThanOrEqual(25);
    expect(THEMES.length).toBeGreaterThanOrEqual(50);
    expect(TWISTS.length).toBeGreaterThanOrEqual(50);
    for (const list of [GENRES, THEMES, TWISTS] as readonly (readonly string[])[]) {
      expect(new Set(list.map((s) => s.toLowerCase())).size).toBe(list.length);
      for (const item of list) expect(item.trim()).toBe(item);
      for (const item of list) expect(item.length).toBeGreaterThan(2);
    }
  });
});

describe('daily prompt', () => {
  it('is the same for the whole UTC day and changes at UTC midnight', () => {
    const morning = todayPrompt(new Date('2025-03-01T00:00:00.000Z'));
    expect(todayPrompt(new Date('2025-03-01T23:59:59.999Z'))).toEqual(morning);
    expect(todayPrompt(new Date('2025-03-02T00:00:00.000Z'))).not.toEqual(morning);
    expect(promptForDay('2025-03-01')).toEqual(morning);
  });

  it('never repeats a triple within a year: 400 consecutive days from many starts', () => {
    for (const start of ['1999-12-01', '2024-01-01', '2025-06-15', '2031-02-28', '2099-12-31']) {
      const seen = new Set<string>();
      for (let i = 0; i < 400; i++) {
        const p = promptForDay(addDays(start, i));
        seen.add(`${p.genre}|${p.theme}|${p.twist}`);
      }
      expect(seen.size).toBe(400);
    }
  });

  it('is a bijection on the whole index space: every triple once per PROMPT_SPACE days', () => {
    const seen = new Uint8Array(PROMPT_SPACE);
    const first = dayNumber('2020-01-01');
    for (let n = 0; n < PROMPT_SPACE; n++) {
      const day = new Date((first + n) * 86_400_000).toISOString().slice(0, 10);
      seen[promptIndexForDay(day)] = 1;
    }
    expect(seen.reduce((a, b) => a + b, 0)).toBe(PROMPT_SPACE);
  });

  it('maps indexes to distinct triples', () => {
    const triples = new Set<string>();
    for (let i = 0; i < PROMPT_SPACE; i++) {
      const p = promptAt(i);
      triples.add(`${p.genre}|${p.theme}|${p.twist}`);
    }
    expect(triples.size).toBe(PROMPT_SPACE);
  });

  it('changes genre, theme and twist every day', () => {
    let previous = promptForDay('2025-01-01');
    for (let i = 1; i < 1_000; i++) {
      const next = promptForDay(addDays('2025-01-01', i));
      expect(next.genre).not.toBe(previous.genre);
      expect(next.theme).not.toBe(previous.theme);
      expect(next.twist).not.toBe(previous.twist);
      previous = next;
    }
  });

  it('uses a step coprime to the space', () => {
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    expect(gcd(PROMPT_STEP, PROMPT_SPACE)).toBe(1);
  });

  it('works for days before 1970', () => {
    const p = promptForDay('1969-07-20');
    expect(GENRES).toContain(p.genre);
  });
});

describe('random prompt', () => {
  it('draws from the lists and is a valid prompt to attach', () => {
    expect(randomPrompt(() => 0)).toEqual({ genre: GENRES[0], theme: THEMES[0], twist: TWISTS[0] });
    expect(randomPrompt(() => 0.999999)).toEqual({ genre: GENRES.at(-1), theme: THEMES.at(-1), twist: TWISTS.at(-1) });
    for (let i = 0; i < 50; i++) expect(promptInputSchema.safeParse(randomPrompt()).success).toBe(true);
  });
});

describe('helpers', () => {
  it('reads UTC days and compares prompts', () => {
    expect(utcDayKey(new Date('2025-12-31T23:30:00-05:00'))).toBe('2026-01-01');
    expect(samePrompt(null, null)).toBe(true);
    expect(samePrompt(promptForDay('2025-01-01'), null)).toBe(false);
    expect(samePrompt(promptForDay('2025-01-01'), { ...promptForDay('2025-01-01') })).toBe(true);
  });

  it('accepts only listed values when a prompt is attached', () => {
    expect(promptInputSchema.safeParse({ genre: 'Opera', theme: THEMES[0], twist: TWISTS[0] }).success).toBe(false);
    expect(promptInputSchema.safeParse({ ...promptForDay('2025-01-01'), extra: 1 }).success).toBe(false);
  });
});

describe('prompt pages', () => {
  const now = new Date('2026-11-24T23:30:00.000Z');

  it('have pages from the archive start to tomorrow in UTC', () => {
    expect(latestPromptDay(now)).toBe('2026-11-25');
    expect(latestPromptDay(new Date('2026-12-31T00:00:00.000Z'))).toBe('2027-01-01');
    expect(hasPromptPage('2026-11-24', now)).toBe(true);
    expect(hasPromptPage('2026-11-25', now)).toBe(true);
    expect(hasPromptPage('2026-11-26', now)).toBe(false);
    expect(hasPromptPage(PROMPT_ARCHIVE_START, now)).toBe(true);
    expect(hasPromptPage('2024-12-31', now)).toBe(false);
  });

  it('read a page’s date only as a real YYYY-MM-DD day', () => {
    expect(promptDateSchema.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2025-02-30', '2025-02-29', 'yesterday', '2025-1-01', '2025-01-01T00:00:00Z', ' 2025-01-01', 20250101]) {
      expect(promptDateSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('page the archive by the last day shown; an empty cursor is none', () => {
    expect(promptArchiveQuerySchema.parse({})).toEqual({ cursor: undefined });
    expect(promptArchiveQuerySchema.parse({ cursor: '' })).toEqual({ cursor: undefined });
    expect(promptArchiveQuerySchema.parse({ cursor: '2026-10-26' })).toEqual({ cursor: '2026-10-26' });
    expect(promptArchiveQuerySchema.safeParse({ cursor: '2026-02-30' }).success).toBe(false);
  });
});
