import { describe, expect, it } from 'vitest';
import {
  buildCalendarGrid,
  calendarMonths,
  calendarSchema,
  calendarStart,
  dayTooltip,
  formatDay,
  intensityLevel,
  periodSums,
  weekStart,
  wordsByDay,
} from './calendar';

describe('calendar window', () => {
  it('covers twelve months ending today', () => {
    expect(calendarStart('2026-03-15')).toBe('2025-03-16');
    expect(calendarStart('2026-01-01')).toBe('2025-01-02');
    expect(calendarStart('2026-12-31')).toBe('2026-01-01');
    // 29 February a year back does not exist: the window starts on 1 March.
    expect(calendarStart('2028-02-29')).toBe('2027-03-01');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-03')).toBe('2026-11-02'); // a Tuesday
    expect(weekStart('2026-11-02')).toBe('2026-11-02'); // a Monday
    expect(weekStart('2026-11-08')).toBe('2026-11-02'); // a Sunday
    expect(weekStart('1970-01-01')).toBe('1969-12-29');
  });
});

describe('buildCalendarGrid', () => {
  const grid = buildCalendarGrid({
    today: '2026-11-04',
    dailyGoal: 500,
    days: [
      { day: '2025-11-05', words: 100, frozen: false },
      { day: '2026-11-02', words: 600, frozen: false },
      { day: '2026-11-03', words: 0, frozen: true },
      { day: '2026-11-04', words: 1000, frozen: false },
    ],
  });

  it('lays out Monday-first columns from the window’s first day to today', () => {
    expect(grid.start).toBe('2025-11-05');
    expect(grid.end).toBe('2026-11-04');
    expect(grid.weeks[0]!.start).toBe('2025-11-03');
    expect(grid.weeks[0]!.cells.slice(0, 2)).toEqual([null, null]);
    expect(grid.weeks[0]!.cells[2]).toMatchObject({ day: '2025-11-05', words: 100, level: 1 });
    expect(grid.weeks).toHaveLength(53);
    const last = grid.weeks.at(-1)!;
    expect(last.start).toBe('2026-11-02');
    expect(last.cells.slice(0, 3).map((c) => c && [c.day, c.words, c.frozen, c.level, c.today])).toEqual([
      ['2026-11-02', 600, false, 3, false],
      ['2026-11-03', 0, true, 0, false],
      ['2026-11-04', 1000, false, 4, true],
    ]);
    expect(last.cells.slice(3)).toEqual([null, null, null, null]);
    const cells = grid.weeks.flatMap((w) => w.cells).filter((c) => c !== null);
    expect(cells).toHaveLength(365);
  });

  it('labels each month at the column of its first day', () => {
    expect(grid.months[0]).toEqual({ month: '2025-11', column: 0 });
    expect(grid.months[1]).toEqual({ month: '2025-12', column: 4 }); // Monday 1 December 2025
    expect(grid.months.at(-1)).toEqual({ month: '2026-11', column: 51 }); // Sunday 1 November 2026
    expect(grid.months).toHaveLength(13);
  });

  it('groups the days by month for the screen-reader table', () => {
    const months = calendarMonths(grid);
    expect(months.map((m) => m.month)).toHaveLength(13);
    expect(months[0]!.cells[0]!.day).toBe('2025-11-05');
    expect(months[1]!.cells).toHaveLength(31);
    expect(months.at(-1)!.cells.map((c) => c.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
  });
});

describe('intensityLevel', () => {
  it('steps by the words against the goal', () => {
    expect(intensityLevel(0, 500)).toBe(0);
    expect(intensityLevel(1, 500)).toBe(1);
    expect(intensityLevel(249, 500)).toBe(1);
    expect(intensityLevel(250, 500)).toBe(2);
    expect(intensityLevel(499, 500)).toBe(2);
    expect(intensityLevel(500, 500)).toBe(3);
    expect(intensityLevel(999, 500)).toBe(3);
    expect(intensityLevel(1000, 500)).toBe(4);
  });
});

describe('periodSums', () => {
  it('adds the week from Monday and the month from the 1st, through today', () => {
    const words = wordsByDay(
      [
        { day: '2026-10-31', words: 7 }, // Saturday, last month and last week
        { day: '2026-11-01', words: 10 }, // Sunday: this month, last week
        { day: '2026-11-02', words: 20 }, // Monday
        { day: '2026-11-04', words: 30 }, // today, Wednesday
      ],
      '2026-11-04',
    );
    expect(periodSums(words, '2026-11-04')).toEqual({ wordsThisWeek: 50, wordsThisMonth: 60 });
  });

  it('counts a week across the month boundary, and days recorded after today as today', () => {
    const words = wordsByDay(
      [
        { day: '2026-11-30', words: 5 }, // Monday
        { day: '2026-12-01', words: 6 }, // today
        { day: '2026-12-02', words: 4 }, // recorded further east
      ],
      '2026-12-01',
    );
    expect(words.get('2026-12-01')).toBe(10);
    expect(periodSums(words, '2026-12-01')).toEqual({ wordsThisWeek: 15, wordsThisMonth: 10 });
    expect(periodSums(new Map(), '2026-12-01')).toEqual({ wordsThisWeek: 0, wordsThisMonth: 0 });
  });
});

describe('texts', () => {
  it('formats days readably, with the year only when it differs from today’s', () => {
    expect(formatDay('2026-11-03', '2026-11-04', { locale: 'en-GB' })).toBe('Tuesday 3 November');
    expect(formatDay('2026-11-03', '2026-11-04', { locale: 'en-US' })).toBe('Tuesday, November 3');
    expect(formatDay('2027-01-05', '2026-11-04', { locale: 'en-GB', weekday: false })).toBe('5 January 2027');
    expect(formatDay('2027-01-05', '2026-11-04', { locale: 'en-US' })).toBe('Tuesday, January 5, 2027');
    expect(formatDay('2026-12-01', '2026-11-04', { weekday: false, locale: 'en-GB' })).toBe('1 December');
  });

  it('writes the tooltips of the issue', () => {
    const today = '2026-11-04';
    const cell = (words: number, frozen = false) => ({ day: '2026-11-03', words, frozen, level: intensityLevel(words, 500), today: false });
    expect(dayTooltip(cell(120), 100, today, 'en-US')).toBe('Tuesday, November 3: 120 words · goal met');
    expect(dayTooltip(cell(120), 500, today, 'en-US')).toBe('Tuesday, November 3: 120 words · 24% of the goal');
    expect(dayTooltip(cell(1000), 500, today, 'en-US')).toBe('Tuesday, November 3: 1,000 words · twice the goal');
    expect(dayTooltip(cell(1), 500, today, 'en-US')).toBe('Tuesday, November 3: 1 word · 0% of the goal');
    expect(dayTooltip(cell(0, true), 500, today, 'en-US')).toBe('Tuesday, November 3: frozen — a streak freeze covered this day');
    expect(dayTooltip(cell(0), 500, today, 'en-US')).toBe('Tuesday, November 3: no words');
  });

  it('parses the API’s answer', () => {
    const body = { today: '2026-11-04', timezone: 'UTC', dailyGoal: 500, days: [{ day: '2026-11-04', words: 3, frozen: false }], wordsThisWeek: 3, wordsThisMonth: 3 };
    expect(calendarSchema.parse(body)).toEqual(body);
    expect(() => calendarSchema.parse({ ...body, days: [{ day: '2026-11-04', words: -1, frozen: false }] })).toThrow();
  });
});
