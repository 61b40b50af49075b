import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS } from '@common/account/passwords';
import { newPasswordProblem, PASSWORDS_DIFFER } from './new-password';

const policy = { min: 8, max: 128 };

describe('newPasswordProblem', () => {
  it('accepts a long enough password typed twice', () => {
    expect(newPasswordProblem('correct horse', 'correct horse', policy)).toBeNull();
  });

  it('reports the length first, then a mismatch', () => {
    expect(newPasswordProblem('abc', 'abd', policy)).toBe('Password must be at least 8 characters.');
    expect(newPasswordProblem('correct horse', 'correct horse ', policy)).toBe(PASSWORDS_DIFFER);
  });

  it('refuses the owner’s own name before the match is looked at', () => {
    expect(newPasswordProblem('Ada Lovelace forever', 'something else', policy, { name: 'Ada Lovelace' })).toBe(PASSWORD_TEXTS.tooEasy);
    expect(newPasswordProblem('my ada.l password', 'my ada.l password', policy, { email: 'ada.l@example.com' })).toBe(PASSWORD_TEXTS.tooEasy);
  });
});
