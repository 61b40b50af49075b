import { describe, expect, it } from 'vitest';
import { madeOnFirstUse } from './made-on-first-use';

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then makes the value once and keeps it', () => {
    let made = 0;
    const formatter = madeOnFirstUse(() => {
      made += 1;
      return new Intl.NumberFormat('en-US');
    });
    expect(made).toBe(0);
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(made).toBe(1);
    expect(first.format(1234)).toBe('1,234');
  });

  it('keeps a falsy value too', () => {
    let made = 0;
    const nothing = madeOnFirstUse(() => {
      made += 1;
      return 0;
    });
    expect([nothing(), nothing()]).toEqual([0, 0]);
    expect(made).toBe(1);
  });
});
