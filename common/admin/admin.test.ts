import { describe, expect, it } from 'vitest';
import {
  auditDetailParts,
  auditFilterSchema,
  changeTone,
  auditQuerySchema,
  dashboardPeriods,
  dashboardQuerySchema,
  daysOf,
  isDayKey,
  median,
  notificationsLabel,
  percentChange,
  zeroFilledSeries,
} from './admin';

describe('percentChange', () => {
  it('is the change from the previous value in percent, one decimal', () => {
    expect(percentChange(6, 3)).toBe(100);
    expect(percentChange(3, 4)).toBe(-25);
    expect(percentChange(4, 1.5)).toBe(166.7);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 5)).toBe(-100);
    expect(percentChange(5, 5)).toBe(0);
  });

  it('is null when there is nothing to compare with', () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
    expect(percentChange(3, null)).toBeNull();
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([9, 2, 4])).toBe(4);
    expect(median([1.5, 100, 2, 9, 4])).toBe(4);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it('leaves its input alone', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('dashboardPeriods and daysOf', () => {
  it('are the UTC days ending today and the same number before them', () => {
    const now = new Date('2025-03-02T23:30:00.000Z');
    expect(dashboardPeriods(now, 7)).toEqual({
      current: { from: '2025-02-24', to: '2025-03-02' },
      previous: { from: '2025-02-17', to: '2025-02-23' },
    });
    const { current, previous } = dashboardPeriods(now, 90);
    expect(daysOf(current)).toHaveLength(90);
    expect(daysOf(previous)).toHaveLength(90);
    expect(daysOf(previous).at(-1)).toBe('2024-12-02');
    expect(daysOf(current)[0]).toBe('2024-12-03');
  });

  it('counts across a leap day', () => {
    expect(daysOf({ from: '2024-02-27', to: '2024-03-01' })).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });
});

describe('zeroFilledSeries', () => {
  it('has a point for every day, 0 where a series has none', () => {
    const none = new Map<string, number>();
    const series = zeroFilledSeries(
      { from: '2025-01-30', to: '2025-02-02' },
      { signups: new Map([['2025-01-31', 3], ['2025-01-01', 9]]), activeWriters: none, storiesPublished: new Map([['2025-02-02', 1]]), comments: none },
    );
    expect(series).toEqual([
      { day: '2025-01-30', signups: 0, activeWriters: 0, storiesPublished: 0, comments: 0 },
      { day: '2025-01-31', signups: 3, activeWriters: 0, storiesPublished: 0, comments: 0 },
      { day: '2025-02-01', signups: 0, activeWriters: 0, storiesPublished: 0, comments: 0 },
      { day: '2025-02-02', signups: 0, activeWriters: 0, storiesPublished: 1, comments: 0 },
    ]);
  });
});

describe('dashboardQuerySchema', () => {
  it('takes 7, 30 or 90 (30 when left out) and nothing else', () => {
    expect(dashboardQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    expect(dashboardQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(dashboardQuerySchema.parse({})).toEqual({ days: 30 });
    expect(dashboardQuerySchema.parse({ days: '' })).toEqual({ days: 30 });
    for (const days of ['8', '1e1', ' 7', '7 ', '-7', 'seven', '0x7', '999']) expect(dashboardQuerySchema.safeParse({ days }).success, days).toBe(false);
  });
});

describe('audit filters', () => {
  it('reads real days only, in order', () => {
    expect(isDayKey('2024-02-29')).toBe(true);
    for (const day of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', 'yesterday', '2025-01-01T00:00']) expect(isDayKey(day), day).toBe(false);
    expect(auditFilterSchema.safeParse({ from: '2025-01-02', to: '2025-01-01' }).success).toBe(false);
    expect(auditFilterSchema.parse({ from: '2025-01-01', to: '2025-01-01' })).toMatchObject({ from: '2025-01-01', to: '2025-01-01' });
  });

  it('treats empty values as not given and trims the user', () => {
    expect(auditQuerySchema.parse({ source: '', type: '', user: '  ', from: '', to: '', cursor: '' })).toEqual({ source: 'all' });
    expect(auditFilterSchema.parse({ user: '  ada@example.com ' })).toEqual({ source: 'all', user: 'ada@example.com' });
  });

  it('refuses unknown sources, odd types and text outside the rule', () => {
    expect(auditFilterSchema.safeParse({ source: 'activity' }).success).toBe(false);
    expect(auditFilterSchema.safeParse({ type: 'a b' }).success).toBe(false);
    expect(auditFilterSchema.safeParse({ user: 'a\u0000b' }).success).toBe(false);
  });
});

it('labels the bell with its unread count', () => {
  expect(notificationsLabel(3)).toBe('Admin notifications, 3 unread');
});

describe('changeTone', () => {
  it('is good when the number moved the way that is better for the metric', () => {
    expect(changeTone(25, 'up')).toBe('good');
    expect(changeTone(-25, 'up')).toBe('bad');
    expect(changeTone(-10, 'down')).toBe('good');
    expect(changeTone(10, 'down')).toBe('bad');
    expect(changeTone(10, 'neutral')).toBe('neutral');
    expect(changeTone(0, 'up')).toBe('neutral');
  });
});

describe('auditDetailParts: what an entry keeps, in words', () => {
  it('says each field as “label: value”, the reason first, labels in words', () => {
    expect(
      auditDetailParts({ targetUid: 'u1', caseId: null, reason: 'Spam links', removed: true, resolvedCases: 2, targetType: 'story' }),
    ).toEqual([
      { label: 'reason', value: 'Spam links' },
      { label: 'target uid', value: 'u1' },
      { label: 'case id', value: 'none' },
      { label: 'removed', value: 'yes' },
      { label: 'resolved cases', value: '2' },
      { label: 'target type', value: 'story' },
    ]);
  });

  it('keeps redacted text as stored, flattens nested fields and lists', () => {
    expect(auditDetailParts({ text: '[redacted: 12 chars]', before: { status: 'new', enabled: false }, ids: ['a', 'b'], tags: [] })).toEqual([
      { label: 'text', value: '[redacted: 12 chars]' },
      { label: 'before status', value: 'new' },
      { label: 'before enabled', value: 'no' },
      { label: 'ids', value: 'a, b' },
      { label: 'tags', value: 'none' },
    ]);
    expect(auditDetailParts({ feature_request_id: 'f1' })).toEqual([{ label: 'feature request id', value: 'f1' }]);
  });

  it('has nothing to say about nothing, and says a bare value as details', () => {
    expect(auditDetailParts(null)).toEqual([]);
    expect(auditDetailParts(undefined)).toEqual([]);
    expect(auditDetailParts({})).toEqual([]);
    expect(auditDetailParts('plain')).toEqual([{ label: 'details', value: 'plain' }]);
    expect(auditDetailParts([{ a: 1 }, 2])).toEqual([{ label: 'details', value: 'a: 1, 2' }]);
  });
});
