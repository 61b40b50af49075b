import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS } from '@common/account/passwords';
import { strengthLevel } from './strength';

const policy = { min: 8, max: 128 };

describe('strengthLevel', () => {
  it('shows nothing for an empty field, and the rules before the score', () => {
    expect(strengthLevel('', policy, {}, 4)).toBeNull();
    expect(strengthLevel('abc', policy, {}, 4)).toMatchObject({ label: 'Too short', filled: 0, refusal: null });
    expect(strengthLevel('x'.repeat(129), policy, {}, 4)).toMatchObject({ label: 'Too long', refusal: PASSWORD_TEXTS.tooLong(128) });
    expect(strengthLevel('i am ada lovelace', policy, { name: 'Ada Lovelace' }, 4)).toMatchObject({ label: 'Too easy to guess', tone: 'weak', refusal: PASSWORD_TEXTS.tooEasy });
  });

  it('maps the estimator’s 0–4 score to four bars, and says so while it loads', () => {
    expect(strengthLevel('a long phrase', policy, {}, null)).toMatchObject({ label: 'Checking…', filled: 0 });
    expect([0, 1, 2, 3, 4].map((score) => strengthLevel('a long phrase', policy, {}, score))).toEqual([
      { label: 'Weak', filled: 1, tone: 'weak', refusal: null },
      { label: 'Weak', filled: 1, tone: 'weak', refusal: null },
      { label: 'Fair', filled: 2, tone: 'fair', refusal: null },
      { label: 'Good', filled: 3, tone: 'good', refusal: null },
      { label: 'Strong', filled: 4, tone: 'good', refusal: null },
    ]);
  });
});
