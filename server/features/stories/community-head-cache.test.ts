import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock';
import { CommunityHeadCache, GUEST_PAGE_TTL_MS } from './community-page';

/**
 * The shared first page's keeping, on a clock the test moves: how long a page is kept is a rule,
 * checked here without waiting (the API tests show the page's answers on real instances).
 */
describe('the shared community page cache', () => {
  /** A load that counts its calls and answers a page naming the call. */
  function loader() {
    let calls = 0;
    const load = async () => {
      calls++;
      return { page: { stories: [], nextCursor: `load ${calls}` }, seqs: [] };
    };
    return { load, calls: () => calls };
  }

  it('keeps a loaded page for its time to live, not a millisecond longer', async () => {
    const clock = testClock();
    const cache = new CommunityHeadCache(GUEST_PAGE_TTL_MS, clock.now);
    const { load, calls } = loader();
    expect((await cache.get(load)).page.nextCursor).toBe('load 1');
    clock.advance(GUEST_PAGE_TTL_MS - 1);
    expect((await cache.get(load)).page.nextCursor).toBe('load 1');
    expect(cache.fresh()).not.toBeNull();
    clock.advance(1);
    expect(cache.fresh()).toBeNull();
    expect((await cache.get(load)).page.nextCursor).toBe('load 2');
    expect(calls()).toBe(2);
  });

  it('drops the page at an invalidation, and keeps no page whose load began before one', async () => {
    const clock = testClock();
    const cache = new CommunityHeadCache(GUEST_PAGE_TTL_MS, clock.now);
    const { load } = loader();
    await cache.get(load);
    cache.invalidate();
    expect(cache.fresh()).toBeNull();

    let release = () => {};
    const slow = cache.get(() => new Promise((resolve) => (release = () => resolve({ page: { stories: [], nextCursor: 'read before the change' }, seqs: [] }))));
    cache.invalidate();
    release();
    expect((await slow).page.nextCursor).toBe('read before the change');
    expect(cache.fresh()).toBeNull();
    expect((await cache.get(load)).page.nextCursor).toBe('load 2');
  });

  it('shares one load between requests that miss together', async () => {
    const cache = new CommunityHeadCache(GUEST_PAGE_TTL_MS, testClock().now);
    const { load, calls } = loader();
    const pages = await Promise.all([cache.get(load), cache.get(load), cache.get(load)]);
    expect(new Set(pages.map((p) => p.page.nextCursor))).toEqual(new Set(['load 1']));
    expect(calls()).toBe(1);
  });
});
