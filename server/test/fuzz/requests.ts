import { encodeCursor } from '../../shared/cursor';
import type { Random } from './random';
import { PARAMS, type FuzzRoute, type Pool } from './routes';
import {
  deeplyNested,
  encodeSegment,
  headerValue,
  hostileJson,
  hostileNumber,
  hostileSegment,
  hostileString,
  invalidJson,
  invalidUtf8,
  mutateString,
  numericText,
} from './values';

/**
 * One fuzz request, drawn from its own random stream: who sends it, to which route, with
 * what path, query, headers and body. Everything here is data, so a failure can be
 * printed and replayed.
 */

export type Persona = 'anonymous' | 'user' | 'admin' | 'junk-cookie' | 'throwaway';

export interface FuzzRequest {
  index: number;
  route: FuzzRoute;
  persona: Persona;
  /** Which of the signed-in users (for 'user'). */
  personaIndex: number;
  method: string;
  /** Path and query, percent-encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Images and junk for the upload route, made once before the run. */
export interface UploadFiles {
  files: Uint8Array<ArrayBuffer>[];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml', 'multipart/form-data; boundary=x',
  'application/json; charset=utf-16', '*/*', 'application/octet-stream', 'image/png', 'application/json;;;', 'x'.repeat(300),
];

function personaFor(r: Random, route: FuzzRoute): Persona {
  if (route.endsSession) return r.weighted<Persona>([[4, 'throwaway'], [1, 'anonymous'], [1, 'junk-cookie']]);
  return r.weighted<Persona>([[2, 'anonymous'], [5, 'user'], [3, 'admin'], [1, 'junk-cookie']]);
}

type CursorKind = 'newest' | 'liked' | 'favorites' | 'comments';

/** The kind of cursor a list reads, so most hostile cursors get past the kind check to their fields. */
function cursorKindOf(path: string, sort: string | undefined): CursorKind {
  if (path.endsWith('/comments')) return 'comments';
  if (path.startsWith('/api/favorites')) return 'favorites';
  return sort === 'liked' ? 'liked' : 'newest';
}

/** A cursor with hostile fields (usually of the kind the list reads), or garbage. */
function hostileCursor(r: Random, kind: CursorKind): string {
  const k = r.chance(0.7) ? kind : r.pick(['newest', 'liked', 'favorites', 'comments'] as const);
  const iso = new Date(r.int(0, 4e12)).toISOString();
  const time = () => r.pick([iso, mutateString(r, iso).slice(0, 40), hostileString(r).slice(0, 40)]);
  const value = r.weighted<() => unknown>([
    [6, () => (k === 'newest' ? { k, s: hostileNumber(r) } : k === 'liked' ? { k, l: hostileNumber(r), s: hostileNumber(r) } : { k, c: time(), i: r.chance(0.5) ? 'abc' : mutateString(r, 'abc').slice(0, 64) })],
    [1, () => ({ k, s: hostileJson(r, 1), l: hostileJson(r, 1), c: hostileJson(r, 1), i: hostileJson(r, 1) })],
    [1, () => hostileJson(r, 2)],
  ])();
  if (r.chance(0.85)) return encodeCursor(value as Record<string, unknown>);
  return r.pick([hostileString(r).slice(0, 300), 'x'.repeat(r.pick([200, 201, 5000])), '====', '%%%', '-_-_', '']);
}

function queryValue(r: Random, key: string, plausible: unknown, kind: CursorKind): string {
  if (key === 'cursor') return r.chance(0.25) ? String(plausible) : hostileCursor(r, kind);
  if (r.chance(0.45)) return String(plausible);
  if (key === 'limit' || r.chance(0.15)) return numericText(r);
  return r.chance(0.6) ? mutateString(r, String(plausible)) : hostileString(r).slice(0, r.pick([50, 200, 3000]));
}

function encodeQueryPart(r: Random, value: string): string {
  return r.chance(0.92) ? encodeSegment(value) : value.replace(/[#&?\s]/g, '').slice(0, 200);
}

function buildQuery(r: Random, route: FuzzRoute, pool: Pool): string {
  const pairs: string[] = [];
  let sort: string | undefined;
  for (const [key, gen] of Object.entries(route.query ?? {})) {
    if (!r.chance(0.7)) continue;
    const times = r.chance(0.08) ? 2 : 1;
    for (let i = 0; i < times; i++) {
      const value = queryValue(r, key, gen(r, pool), cursorKindOf(route.path, sort));
      if (key === 'sort') sort = value;
      pairs.push(`${key}=${encodeQueryPart(r, value)}`);
    }
  }
  if (r.chance(route.query ? 0.1 : 0.15)) {
    const key = r.pick(['x', 'cursor', 'limit', 'q', '__proto__', 'constructor', 'a[]', '%00', '%zz', '', 'limit[]']);
    pairs.push(r.chance(0.2) ? key : `${key}=${encodeQueryPart(r, queryValue(r, key, 'x', cursorKindOf(route.path, sort)))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function buildPath(r: Random, route: FuzzRoute, pool: Pool): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const gen = PARAMS[name];
    if (!gen) throw new Error(`no generator for :${name}`);
    return r.chance(0.75) ? encodeSegment(String(gen(r, pool))) : hostileSegment(r);
  });
}

/** A plausible body with hostile fields: the shape that gets furthest into the handlers. */
function mutatedBody(r: Random, route: FuzzRoute, pool: Pool): Record<string, unknown> {
  const fields = Object.entries(route.body ?? {});
  const body: Record<string, unknown> = {};
  const target = fields.length ? r.int(0, fields.length - 1) : -1;
  // Mostly exactly one broken field, so the rest of the body is fine and the request gets far.
  const onlyOne = r.chance(0.65);
  fields.forEach(([key, gen], i) => {
    const plausible = gen(r, pool);
    if (!onlyOne && r.chance(0.1) && i !== target) return;
    const breakIt = i === target || (!onlyOne && r.chance(0.15));
    if (!breakIt) body[key] = plausible;
    else if (typeof plausible === 'string' && r.chance(0.8)) body[key] = mutateString(r, plausible);
    else body[key] = hostileJson(r, 2);
  });
  if (r.chance(0.1)) body[r.pick(['uid', 'admin', 'id', 'extra', '__proto__', '\u0000'])] = hostileJson(r, 1);
  return body;
}

/** `body` as JSON with one more field whose value is already JSON text (too deep to build as a value). */
function withField(body: Record<string, unknown>, key: string, json: string): string {
  const rest = JSON.stringify({ ...body, [key]: undefined });
  return `{${JSON.stringify(key)}:${json}${rest === '{}' ? '' : `,${rest.slice(1, -1)}`}}`;
}

function jsonBody(r: Random, route: FuzzRoute, pool: Pool): string | Uint8Array<ArrayBuffer> | undefined {
  const plausible = () => Object.fromEntries(Object.entries(route.body ?? {}).map(([k, gen]) => [k, gen(r, pool)]));
  const fields = Object.keys(route.body ?? {});
  return r.weighted<() => string | Uint8Array<ArrayBuffer> | undefined>([
    [fields.length ? 55 : 5, () => JSON.stringify(mutatedBody(r, route, pool))],
    [route.body ? 8 : 0, () => JSON.stringify(plausible())],
    [12, () => JSON.stringify(hostileJson(r, 3))],
    [6, () => deeplyNested(r, r.pick([50, 500, 5_000, 20_000, 60_000]))],
    [fields.length ? 3 : 0, () => withField(plausible(), r.pick(fields), deeplyNested(r, r.pick([100, 3_000, 15_000])))],
    [7, () => invalidJson(r)],
    [4, () => invalidUtf8(r)],
    [2, () => JSON.stringify({ ...plausible(), pad: 'x'.repeat(r.pick([100 * 1024, 200 * 1024])) })],
    [5, () => undefined],
  ])();
}

function multipart(r: Random, files: UploadFiles, name: string): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = r.pick(['fuzzBoundary', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(70)]);
  const field = r.weighted<string>([[8, name], [1, 'image'], [1, ''], [1, `${name}\u0000`]]);
  const filename = r.pick(['a.png', '../../etc/passwd', 'x'.repeat(300), '%00.png', 'a\u0000.png', '', '"quoted".png', 'ünï.png', 'story.md', 'notes.txt', 'export.zip']);
  const type = r.pick(['image/png', 'image/jpeg', 'application/octet-stream', 'text/html', 'image/svg+xml', '']);
  const bytes = r.pick(files.files);
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
  );
  const tail = enc.encode(r.chance(0.9) ? `\r\n--${boundary}--\r\n` : r.pick(['', '\r\n--', `\r\n--${boundary}`]));
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  const contentType = r.weighted<string>([
    [8, `multipart/form-data; boundary=${boundary}`],
    [1, 'multipart/form-data'],
    [1, 'multipart/form-data; boundary=other'],
    [1, 'multipart/form-data; boundary="unterminated'],
  ]);
  return { body, type: contentType };
}

function randomIp(r: Random): string {
  return r.weighted<() => string>([
    [18, () => `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`],
    [1, () => `2001:db8:${r.int(0, 0xffff).toString(16)}::${r.int(0, 0xffff).toString(16)}`],
    [1, () => headerValue(r.pick(['unknown', '::ffff:10.0.0.1', '999.1.1.1', "'; --", 'x'.repeat(300), ', ,', hostileString(r)]))],
  ])();
}

export function buildRequest(index: number, r: Random, route: FuzzRoute, pool: Pool, files: UploadFiles): FuzzRequest {
  const persona = personaFor(r, route);
  const method = r.chance(0.03) ? r.pick(METHODS) : route.method;
  const url = buildPath(r, route, pool) + buildQuery(r, route, pool);
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp(r) };
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (route.upload && r.chance(0.85)) {
      const form = multipart(r, files, route.upload);
      body = form.body;
      headers['content-type'] = form.type;
    } else {
      body = jsonBody(r, route, pool);
      if (body !== undefined || r.chance(0.5)) headers['content-type'] = r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES);
    }
  }
  const origin = r.weighted<string | null>([[88, 'self'], [7, null], [3, 'null'], [2, 'https://evil.example']]);
  if (origin) headers.origin = origin;
  if (route.stream || r.chance(0.03)) headers['last-event-id'] = headerValue(r.chance(0.5) ? numericText(r) : hostileString(r));
  if (r.chance(0.05)) headers['if-none-match'] = headerValue(r.pick(['"abc"', '*', hostileString(r)]));
  if (r.chance(0.05)) headers['user-agent'] = headerValue(hostileString(r));
  if (r.chance(0.02)) headers['content-encoding'] = r.pick(['gzip', 'br', 'identity', 'x']);
  if (r.chance(0.02)) headers.accept = r.pick(['text/event-stream', 'text/html', '*/*;q=x']);
  return { index, route, persona, personaIndex: r.int(0, 1_000), method, url, headers, body };
}

/** The request as a person reads it in a failure report: JSON-escaped, long values cut. */
export function describeRequest(req: FuzzRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const body =
    req.body === undefined
      ? '(none)'
      : typeof req.body === 'string'
        ? cut(JSON.stringify(req.body), 400)
        : `${req.body.length} bytes: ${cut(Buffer.from(req.body).toString('hex'), 160)}`;
  return [
    `#${req.index} ${req.method} ${cut(req.url, 300)} as ${req.persona}`,
    `  route: ${req.route.method} ${req.route.path}`,
    `  headers: ${cut(JSON.stringify(req.headers), 400)}`,
    `  body: ${body}`,
  ].join('\n');
}
