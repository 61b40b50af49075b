import crypto from 'node:crypto';

/**
 * Conditional GETs (RFC 9110 §13): the validators a cacheable answer carries and whether a
 * request that already has the answer gets 304 Not Modified. Used by the web app's pages
 * (static.ts) and the Atom feeds.
 */

/** A weak validator of what `body` is: W/"<22 characters of its SHA-1>". Weak, as compression may change the bytes sent. */
export function weakEtag(body: string): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names `etag` (the weak comparison, §8.8.3.2) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Whether the request already has this answer: If-None-Match when it sends one (If-Modified-Since
 * is then ignored, §13.2.2), otherwise If-Modified-Since at or after `lastModified`, to the second
 * as HTTP dates go. An unreadable date is no condition at all.
 */
export function isNotModified(headers: { ifNoneMatch?: string; ifModifiedSince?: string }, etag: string, lastModified?: Date): boolean {
  if (headers.ifNoneMatch !== undefined) return matchesEtag(headers.ifNoneMatch, etag);
  if (!headers.ifModifiedSince || !lastModified) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
