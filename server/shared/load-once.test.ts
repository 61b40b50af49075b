import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for callers waiting at the same time and for later ones', async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
