import { describe, expect, it } from 'vitest';
import { testClock } from '../test/clock';
import type { SessionUser } from '../context';
import type { ShelfFacts } from '../policy/relations';
import { SessionUserCache } from './session-user-cache';

const user = { uid: 'u1', admin: false } as SessionUser;
const shelf: ShelfFacts = { seesLimited: false, blocksOrMutes: false };

describe('the kept session users rows', () => {
  it('keeps a row for its time to live', () => {
    const time = testClock();
    const rows = new SessionUserCache(1000, 100, time.now);
    rows.put('u1', { user, shelf: null }, rows.ticket());
    time.advance(999);
    expect(rows.get('u1', false)?.user).toBe(user);
    time.advance(1);
    expect(rows.get('u1', false)).toBeNull();
  });

  it('answers a route that wants shelf facts only from a row read with them', () => {
    const rows = new SessionUserCache(1000);
    rows.put('u1', { user, shelf: null }, rows.ticket());
    expect(rows.get('u1', true)).toBeNull();
    rows.put('u1', { user, shelf }, rows.ticket());
    expect(rows.get('u1', true)?.shelf).toBe(shelf);
    expect(rows.get('u1', false)?.user).toBe(user);
  });

  it('forgets every row when cleared, and stores nothing read before a clear', () => {
    const rows = new SessionUserCache(1000);
    rows.put('u1', { user, shelf }, rows.ticket());
    const ticket = rows.ticket();
    rows.clear();
    expect(rows.get('u1', false)).toBeNull();
    rows.put('u1', { user, shelf }, ticket);
    expect(rows.get('u1', false)).toBeNull();
    rows.put('u1', { user, shelf }, rows.ticket());
    expect(rows.get('u1', false)).not.toBeNull();
  });

  it('holds at most its bound, dropping the oldest first; a time to live of 0 keeps nothing', () => {
    const rows = new SessionUserCache(1000, 2);
    for (const uid of ['a', 'b', 'c']) rows.put(uid, { user: { ...user, uid }, shelf: null }, rows.ticket());
    expect(rows.size).toBe(2);
    expect(rows.get('a', false)).toBeNull();
    expect(rows.get('c', false)?.user.uid).toBe('c');

    const off = new SessionUserCache(0);
    off.put('a', { user, shelf: null }, off.ticket());
    expect(off.size).toBe(0);
  });
});
