import { describe, expect, it } from 'vitest';
import { DIGEST_LATE_MS, digestHasNews, digestSubject, dueDigestSlot, isoWeekday, latestDigestSlot, nextDigestSlot, weekOf } from './rules';

const at = (iso: string) => new Date(iso);

describe('the weekly digest’s local week and due time', () => {
  it('numbers days the ISO way and keys a week by its Monday', () => {
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('2032-03-01')).toBe(1);
    expect(isoWeekday('2032-03-07')).toBe(7);
    expect(weekOf('2032-03-07')).toBe('2032-03-01');
    expect(weekOf('2032-03-01')).toBe('2032-03-01');
    expect(weekOf('2032-03-08')).toBe('2032-03-08');
  });

  it('finds the chosen local weekday and hour in the reader’s zone, never an hour early', () => {
    // Wednesday 2032-03-03 18:00 in New York (UTC-5) is 23:00 UTC.
    const zone = 'America/New_York';
    expect(nextDigestSlot(at('2032-03-01T12:00:00Z'), zone, 3, 18).at.toISOString()).toBe('2032-03-03T23:00:00.000Z');
    expect(nextDigestSlot(at('2032-03-03T22:00:00Z'), zone, 3, 18).at.toISOString()).toBe('2032-03-03T23:00:00.000Z');
    // At the very instant it is due, the next one is a week on; the latest is this one.
    expect(nextDigestSlot(at('2032-03-03T23:00:00Z'), zone, 3, 18).at.toISOString()).toBe('2032-03-10T23:00:00.000Z');
    expect(latestDigestSlot(at('2032-03-03T23:00:00Z'), zone, 3, 18)).toMatchObject({ day: '2032-03-03', week: '2032-03-01' });
    expect(latestDigestSlot(at('2032-03-03T22:59:59Z'), zone, 3, 18).day).toBe('2032-02-25');
    // Across the spring change (2032-03-14 in the US) the wall-clock hour holds: UTC-4 from then.
    expect(nextDigestSlot(at('2032-03-11T00:00:00Z'), zone, 3, 18).at.toISOString()).toBe('2032-03-17T22:00:00.000Z');
  });

  it('a local Monday early hour east of Greenwich is the Sunday before in UTC, and keyed by the reader’s week', () => {
    const slot = nextDigestSlot(at('2032-03-01T00:00:00Z'), 'Pacific/Auckland', 1, 6);
    expect(slot.day).toBe('2032-03-08');
    expect(slot.at.toISOString()).toBe('2032-03-07T17:00:00.000Z');
    expect(slot.week).toBe('2032-03-08');
  });

  it('sends a slot on time or late by less than a day; waits for a slot a zone change moved later', () => {
    const zone = 'UTC';
    const due = at('2032-03-03T18:00:00Z');
    expect(dueDigestSlot(due, due, zone, 3, 18)?.day).toBe('2032-03-03');
    expect(dueDigestSlot(new Date(due.getTime() + DIGEST_LATE_MS - 1), due, zone, 3, 18)?.day).toBe('2032-03-03');
    expect(dueDigestSlot(new Date(due.getTime() + DIGEST_LATE_MS + 1), due, zone, 3, 18)).toBeNull();
    // Stored in UTC, the reader moved to New York: 18:00 there is five hours later, so not yet.
    expect(dueDigestSlot(due, due, 'America/New_York', 3, 18)).toBeNull();
    // Moved to Paris: 18:00 there was an hour ago, it goes now.
    expect(dueDigestSlot(due, due, 'Europe/Paris', 3, 18)?.at.toISOString()).toBe('2032-03-03T17:00:00.000Z');
  });

  it('counts stories, replies, messages and contest results as news, never the prompt alone', () => {
    const none = { stories: 0, replies: 0, messages: 0, results: false };
    expect(digestHasNews(none)).toBe(false);
    for (const news of [{ stories: 1 }, { replies: 1 }, { messages: 2 }, { results: true }]) expect(digestHasNews({ ...none, ...news })).toBe(true);
    expect(digestSubject({ stories: 3, replies: 1, messages: 0, results: true })).toBe('Your week on Drabble: 3 new stories, 1 reply waiting, contest results');
  });
});
