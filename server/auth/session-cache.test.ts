import { describe, expect, it } from 'vitest';
import { testClock } from '../test/clock';
import { SessionCache } from './session-cache';

const session = { sessionId: 's1', uid: 'u1', secondFactor: false };
const farFuture = new Date(Date.UTC(2100, 0, 1));

describe('the session cache', () => {
  it('keeps a verified session for its time to live, never past the session’s own expiry', () => {
    const time = testClock();
    const cache = new SessionCache(5000, 100, time.now);
    cache.put('tok.sig', session, farFuture, cache.ticket());
    time.advance(4999);
    expect(cache.get('tok.sig')).toEqual(session);
    time.advance(1);
    expect(cache.get('tok.sig')).toBeNull();

    cache.put('tok2.sig', session, new Date(time.now() + 1000), cache.ticket());
    time.advance(1000);
    expect(cache.get('tok2.sig')).toBeNull();
  });

  it('answers only for the exact signed cookie', () => {
    const cache = new SessionCache(5000);
    cache.put('tok.sig', session, farFuture, cache.ticket());
    expect(cache.get('tok.other')).toBeNull();
    expect(cache.get('tok')).toBeNull();
    expect(cache.get('tok.sig')).toEqual(session);
  });

  it('forgets an evicted token, and stores nothing read before an eviction', () => {
    const cache = new SessionCache(5000);
    cache.put('tok.sig', session, farFuture, cache.ticket());
    cache.evict('tok');
    expect(cache.get('tok.sig')).toBeNull();

    const ticket = cache.ticket();
    cache.evict('someone-else');
    cache.put('late.sig', session, farFuture, ticket);
    expect(cache.get('late.sig')).toBeNull();
  });

  it('holds at most its bound, dropping the oldest first; a time to live of 0 keeps nothing', () => {
    const cache = new SessionCache(5000, 2);
    for (const token of ['a', 'b', 'c']) cache.put(`${token}.sig`, session, farFuture, cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a.sig')).toBeNull();
    expect(cache.get('c.sig')).toEqual(session);

    const off = new SessionCache(0);
    off.put('a.sig', session, farFuture, off.ticket());
    expect(off.size).toBe(0);
  });
});
