import { describe, expect, it } from 'vitest';
import { SCHEDULE_AHEAD_MAX_MS, SCHEDULE_TEXTS, scheduleInstant, scheduleRefusal, wallTimeIn } from './rules';

describe('scheduled publishing rules', () => {
  it('reads a wall time in the writer’s zone, with daylight saving', () => {
    expect(scheduleInstant('2027-01-31T09:00', 'Europe/Paris')?.toISOString()).toBe('2027-01-31T08:00:00.000Z');
    expect(scheduleInstant('2027-07-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2027-07-01T07:00:00.000Z');
    expect(scheduleInstant('2027-01-31T09:00', 'Asia/Tokyo')?.toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(scheduleInstant('2027-01-31T09:00', 'Not/AZone')?.toISOString()).toBe('2027-01-31T09:00:00.000Z');
    // A time the clocks skip (Paris, 28 March 2027, 02:00 → 03:00) is read with the offset before the jump (02:30 is 03:30); one they repeat, its first time.
    expect(scheduleInstant('2027-03-28T02:30', 'Europe/Paris')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(scheduleInstant('2027-10-31T02:30', 'Europe/Paris')?.toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });

  it('takes an instant with its offset as it is', () => {
    expect(scheduleInstant('2027-01-31T09:00:00.000Z', 'Europe/Paris')?.toISOString()).toBe('2027-01-31T09:00:00.000Z');
    expect(scheduleInstant('2027-01-31T09:00+05:30', 'Europe/Paris')?.toISOString()).toBe('2027-01-31T03:30:00.000Z');
  });

  it('refuses what is not a date and a time', () => {
    for (const bad of ['', 'tomorrow', '2027-02-30T09:00', '2027-02-30T09:00Z', '2027-13-01T09:00', '2027-01-31T24:00', '2027-01-31 09:00', '2027-01-31']) {
      expect(scheduleInstant(bad, 'UTC'), bad).toBeNull();
    }
  });

  it('refuses a time not in the future or too far ahead, to the millisecond', () => {
    const now = new Date('2027-01-01T00:00:00.000Z');
    expect(scheduleRefusal(null, now)).toBe(SCHEDULE_TEXTS.badTime);
    expect(scheduleRefusal(now, now)).toBe(SCHEDULE_TEXTS.past);
    expect(scheduleRefusal(new Date(now.getTime() + 1), now)).toBeNull();
    expect(scheduleRefusal(new Date(now.getTime() + SCHEDULE_AHEAD_MAX_MS), now)).toBeNull();
    expect(scheduleRefusal(new Date(now.getTime() + SCHEDULE_AHEAD_MAX_MS + 1), now)).toBe(SCHEDULE_TEXTS.tooFar);
  });

  it('shows an instant as the zone’s wall clock reads it, the way back', () => {
    expect(wallTimeIn(new Date('2027-01-31T08:00:00.000Z'), 'Europe/Paris')).toBe('2027-01-31T09:00');
    expect(wallTimeIn(new Date('2027-01-31T00:00:00.000Z'), 'Asia/Tokyo')).toBe('2027-01-31T09:00');
    expect(scheduleInstant(wallTimeIn(new Date('2027-07-01T07:00:00.000Z'), 'Europe/Paris'), 'Europe/Paris')?.toISOString()).toBe('2027-07-01T07:00:00.000Z');
  });
});
