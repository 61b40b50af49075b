import { describe, expect, it } from 'vitest';
import { newPasswordProblem, PASSWORDS_DIFFER } from './new-password';

describe('newPasswordProblem', () => {
  it('accepts a long enough password typed twice', () => {
    expect(newPasswordProblem('correct horse', 'correct horse', 6, 128)).toBeNull();
  });

  it('reports the length first, then a mismatch', () => {
    expect(newPasswordProblem('abc', 'abd', 8, 128)).toBe('Password must be at least 8 characters.');
    expect(newPasswordProblem('correct horse', 'correct horse ', 6, 128)).toBe(PASSWORDS_DIFFER);
  });
});
