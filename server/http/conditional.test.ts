import { describe, expect, it } from 'vitest';
import { isNotModified, matchesEtag, weakEtag } from './conditional';

describe('conditional GETs', () => {
  const etag = weakEtag('<feed/>');

  it('makes one weak tag per body', () => {
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(weakEtag('<feed/>')).toBe(etag);
    expect(weakEtag('<feed />')).not.toBe(etag);
  });

  it('compares tags weakly, in a list, and takes * for any', () => {
    const opaque = etag.slice(2);
    for (const header of [etag, opaque, `"x", ${etag}`, ` ${opaque} ,"y"`, '*']) expect(matchesEtag(header, etag), header).toBe(true);
    for (const header of [undefined, '', 'W/"x"', `${etag.slice(0, -2)}"`]) expect(matchesEtag(header, etag), header).toBe(false);
  });

  it('reads If-Modified-Since to the second, and only without If-None-Match', () => {
    const changed = new Date('2026-11-27T05:00:00.750Z');
    const http = changed.toUTCString();
    expect(isNotModified({ ifModifiedSince: http }, etag, changed)).toBe(true);
    expect(isNotModified({ ifModifiedSince: new Date('2026-11-27T04:59:59Z').toUTCString() }, etag, changed)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, etag, changed)).toBe(false);
    expect(isNotModified({ ifModifiedSince: http }, etag)).toBe(false);
    expect(isNotModified({ ifNoneMatch: 'W/"other"', ifModifiedSince: http }, etag, changed)).toBe(false);
    expect(isNotModified({ ifNoneMatch: etag, ifModifiedSince: 'not a date' }, etag, changed)).toBe(true);
  });
});
