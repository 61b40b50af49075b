import { describe, expect, it } from 'vitest';
import { formatPromptDay, promptWeekday } from './format';

describe('prompt days in words', () => {
  it('reads the UTC day, whatever the reader’s zone', () => {
    expect(formatPromptDay('2026-11-03')).toBe('3 November 2026');
    expect(formatPromptDay('2025-01-01')).toBe('1 January 2025');
    expect(promptWeekday('2026-11-03')).toBe('Tuesday');
  });
});
