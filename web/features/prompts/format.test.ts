import { describe, expect, it } from 'vitest';
import { formatPromptDay, promptWeekday } from './format';

describe('prompt days in words', () => {
  it('reads the UTC day, whatever the reader’s zone', () => {
    expect(formatPromptDay('2026-11-03', 'en-GB')).toBe('3 November 2026');
    expect(formatPromptDay('2025-01-01', 'en-US')).toBe('January 1, 2025');
    expect(promptWeekday('2026-11-03', 'en-US')).toBe('Tuesday');
  });
});
