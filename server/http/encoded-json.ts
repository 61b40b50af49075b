import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { rawHeader } from './raw-header';

/*
 * An answer serialised once and gzipped in one synchronous call, for answers sent many times
 * (the shared community page, docs/decisions/0019-lean-request-path.md).
 */

/** Hono's compress middleware leaves smaller answers as they are; so does this. */
const COMPRESS_FROM_BYTES = 1024;

/** JSON already encoded; `T` is the value it encodes, so a contract route can check it (contract-routes.ts). */
export class EncodedJson<T> {
  /** Never set: it only ties the text to the type of the value it encodes. */
  declare readonly value: T;

  constructor(
    readonly json: string,
    /** Null when the answer is too small to be worth compressing. */
    readonly gzip: Uint8Array<ArrayBuffer> | null,
  ) {}
}

export function encodeJson<T>(value: T): EncodedJson<T> {
  const json = JSON.stringify(value);
  return new EncodedJson(json, Buffer.byteLength(json) >= COMPRESS_FROM_BYTES ? new Uint8Array(gzipSync(json)) : null);
}

/** What a gzipped JSON answer carries besides the chain's own headers. */
export const GZIP_JSON_HEADERS: Readonly<Record<string, string>> = { vary: 'Accept-Encoding', 'content-encoding': 'gzip', 'content-type': 'application/json' };

/** gzip when the client would get gzip from the compress middleware (q=1, or the best q of gzip and deflate). */
export function prefersGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const q = (name: string) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === '*')?.q ?? 0;
  const gzip = q('gzip');
  return gzip > 0 && (gzip === 1 || gzip >= q('deflate'));
}

/**
 * Sends JSON already encoded. The gzip copy goes out as it is; any other answer is plain and
 * the compress middleware deals with it (deflate, or nothing) as for every other route.
 */
export function sendJson<T>(c: Context, encoded: EncodedJson<T>, status: 200 | 201 = 200): Response {
  if (encoded.gzip && prefersGzip(rawHeader(c, 'accept-encoding'))) {
    return c.body(encoded.gzip, status, GZIP_JSON_HEADERS);
  }
  return c.body(encoded.json, status, { 'content-type': 'application/json' });
}
