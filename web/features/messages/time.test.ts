import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '../../lib/format';
import { listTime } from './time';

// Noon local time, so an hour either side stays on the same calendar day in any zone.
const now = new Date(2025, 2, 20, 12, 0, 0).getTime();

describe('listTime', () => {
  it('shows the hour for activity earlier today', () => {
    const earlier = new Date(now - 3_600_000);
    expect(listTime(earlier.toISOString(), now)).toBe(formatTime(earlier.getTime()));
  });

  it('shows the date for yesterday and before, and nothing for a bad date', () => {
    const yesterday = new Date(now - 24 * 3_600_000).toISOString();
    expect(listTime(yesterday, now)).toBe(formatDate(yesterday));
    expect(listTime(yesterday, now)).not.toBe(formatTime(Date.parse(yesterday)));
    expect(listTime('not a date', now)).toBe('');
  });
});
