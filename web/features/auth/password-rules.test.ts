import { describe, expect, it } from 'vitest';
import { passwordLengthProblem } from './password-rules';

describe('passwordLengthProblem', () => {
  it('accepts lengths within the policy', () => {
    expect(passwordLengthProblem('abcdef', 6, 128)).toBeNull();
    expect(passwordLengthProblem('a'.repeat(128), 6, 128)).toBeNull();
  });

  it('names the minimum when too short', () => {
    expect(passwordLengthProblem('abc', 8, 128)).toBe('Password must be at least 8 characters.');
  });

  it('names the maximum when too long', () => {
    expect(passwordLengthProblem('a'.repeat(129), 6, 128)).toBe('Password must be at most 128 characters.');
  });
});
