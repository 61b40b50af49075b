import { describe, expect, it } from 'vitest';
import { strengthScore } from './password-estimator';

describe('strengthScore (zxcvbn-ts)', () => {
  it('scores a common password low and a long unusual phrase high', () => {
    expect(strengthScore('password1', [])).toBeLessThanOrEqual(1);
    expect(strengthScore('qwertyuiop', [])).toBeLessThanOrEqual(1);
    expect(strengthScore('violet kettle under 9 moons', [])).toBe(4);
  });

  it('counts the person’s own words as guessable', () => {
    expect(strengthScore('zanzibarquill', ['zanzibarquill'])).toBeLessThan(strengthScore('zanzibarquill', []));
  });
});
