import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { lastActiveText } from './last-active';

const now = Date.parse('2025-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('lastActiveText', () => {
  it('says just now for the last minute, and for clocks slightly ahead', () => {
    expect(lastActiveText(ago(30_000), now)).toBe('just now');
    expect(lastActiveText(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days within a week', () => {
    const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(lastActiveText(ago(5 * 60_000), now)).toBe(relative.format(-5, 'minute'));
    expect(lastActiveText(ago(3 * 3_600_000 + 59_000), now)).toBe(relative.format(-3, 'hour'));
    expect(lastActiveText(ago(2 * 86_400_000), now)).toBe(relative.format(-2, 'day'));
  });

  it('shows the date from a week on, and nothing for a bad date', () => {
    const old = ago(30 * 86_400_000);
    expect(lastActiveText(old, now)).toBe(formatDate(old));
    expect(lastActiveText('not a date', now)).toBe('');
  });
});
