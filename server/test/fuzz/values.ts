import type { Random } from './random';

/**
 * Hostile inputs for the fuzz test: text a database or a parser may choke on, numbers at
 * and beyond every bound, JSON of the wrong type or depth, and raw bytes that are not JSON
 * or not even UTF-8.
 */

/** Every C0 control, DEL and a few C1 controls. */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '\u0080', '\u0085', '\u009f'];

/** Unicode that is valid but unusual, and lone surrogate halves, which are not. */
const ODD_UNICODE = [
  '\u00a0', '\u00ad', '\u200b', '\u200d', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\u2029',
  '\ufeff', '\ufffd', '\ufffe', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '💥', '👩‍👩‍👧‍👦', '🏳️‍🌈',
  'e\u0301', '\u0301', 'İ', 'ß', 'ﬀ', '½', '²', '٣', '𝟘', 'Ⅻ', '漢字', 'ㄱ', 'עברית', 'العربية', '\u{e0041}', '\u{10ffff}',
];

/** Characters with a meaning to SQL, FTS5, tsquery, URLs, paths, shells or templates. */
const SYNTAX = [
  "'", '"', '`', '\\', '%', '_', '*', ':*', '&', '|', '!', '(', ')', '<', '>', '{', '}', '[', ']', '$', '#', ';', '--',
  '/*', '*/', '../', '..\\', '%00', '%zz', '%', '\\u0000', '\\x00', 'NEAR(', ' AND ', ' OR ', ' NOT ', '^', '~', '@@', ':', '?',
  '+', '=', ',', '.', '/', '@',
];

const WORDS = [
  'ghost', 'a', 'Café', 'null', 'undefined', 'NaN', 'true', 'false', '0', '-1', '1e309', '0x10', 'Infinity', '__proto__',
  'constructor', 'prototype', "'; drop table users; --", "' or '1'='1", '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
  'javascript:alert(1)', 'https://example.com', 'a@b.co', 'owner@drabble.test', 'UTC', 'Horror', 'heart', 'google',
  'a:*', 'ghost & story', '"ghost"*', '\\', 'NEAR(a b)', 'x AND', 'OR', '!!!', '🤖 robots',
];

/** Lengths at and around the limits the API promises, and well past them. */
const LENGTHS = [0, 1, 2, 49, 50, 51, 60, 61, 63, 64, 65, 100, 101, 120, 121, 200, 201, 254, 255, 300, 301, 1000, 1001, 2000, 2001, 2048, 2049, 4096, 8000, 8001, 10_000, 10_001, 40_000];

const ATOMS = [...CONTROLS, ...ODD_UNICODE, ...SYNTAX, ...WORDS];

export function hostileAtom(r: Random): string {
  return r.weighted([
    // NUL gets its own share: the one character PostgreSQL cannot store in text at all.
    [2, () => '\u0000'],
    [3, () => r.pick(CONTROLS)],
    [4, () => r.pick(ODD_UNICODE)],
    [3, () => r.pick(SYNTAX)],
    [3, () => r.pick(WORDS)],
  ] as const)();
}

/** A string built to hurt: controls, odd Unicode, syntax, lengths at the limits, random code units. */
export function hostileString(r: Random): string {
  return r.weighted<() => string>([
    [1, () => r.pick(['', ' ', '\t', '\n', '\r\n', '\r', '   \n\t ', '\u0000'])],
    [5, () => Array.from({ length: r.int(1, 8) }, () => hostileAtom(r)).join(r.pick(['', ' ', '\n']))],
    [3, () => {
      const atom = r.pick(ATOMS);
      return atom.repeat(Math.max(1, Math.ceil(r.pick(LENGTHS) / Math.max(1, atom.length))));
    }],
    [2, () => 'x'.repeat(r.pick(LENGTHS))],
    [2, () => String.fromCharCode(...Array.from({ length: r.int(1, 40) }, () => r.int(0, 0xffff)))],
    [1, () => r.pick(WORDS) + '\u0000' + r.pick(WORDS)],
    [1, () => `${'a'.repeat(r.int(2000, 3000))} ${'b'.repeat(r.int(1, 10))}`],
  ])();
}

/** A usable value with something hostile in it: it passes the other checks and reaches the new rule, or the database. */
export function mutateString(r: Random, plausible: string): string {
  const insert = (piece: string) => {
    const at = r.int(0, plausible.length);
    return plausible.slice(0, at) + piece + plausible.slice(at);
  };
  return r.weighted<() => string>([
    [6, () => insert('\u0000')],
    [5, () => insert(hostileAtom(r))],
    [2, () => plausible + r.pick(CONTROLS)],
    [3, () => hostileString(r)],
    [2, () => `${r.pick([' ', '\r\n', '\t', '\u00a0', '\ufeff'])}${plausible}${r.pick([' ', '\r\n', '\t', '\u200b'])}`],
    [2, () => plausible.repeat(Math.ceil(r.pick(LENGTHS) / Math.max(1, plausible.length)) || 1)],
  ])();
}

const NUMBERS = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, 2, 20, 49, 50, 51, 499, 500, 10_000, 10_001, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32,
  2 ** 53 - 1, 2 ** 53, 2 ** 63, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324, Number.MAX_VALUE, Number.MIN_SAFE_INTEGER,
];

export function hostileNumber(r: Random): number {
  return r.chance(0.8) ? r.pick(NUMBERS) : (r.chance(0.5) ? -1 : 1) * r.int(0, 2 ** 31) * (r.chance(0.2) ? 1.5 : 1);
}

/** A number as a query parameter might carry it. */
export function numericText(r: Random): string {
  return r.chance(0.5)
    ? String(hostileNumber(r))
    : r.pick(['', ' ', 'NaN', 'Infinity', '-Infinity', '1e309', '1e1', '-0', '+5', '05', '5.', '.5', '0x10', '0b11', '1_000', '١٢', '５', ' 5 ', '5 ', '99999999999999999999', '-1', '0', '1,2', 'null', '[]', '{}', '\u00005']);
}

/** A JSON value of any type, nested up to `depth`. */
export function hostileJson(r: Random, depth = 2): unknown {
  const kind = r.weighted<string>([
    [2, 'null'], [1, 'bool'], [3, 'number'], [5, 'string'], [depth > 0 ? 2 : 0, 'array'], [depth > 0 ? 2 : 0, 'object'],
  ]);
  switch (kind) {
    case 'null':
      return null;
    case 'bool':
      return r.chance(0.5);
    case 'number':
      return hostileNumber(r);
    case 'string':
      return hostileString(r);
    case 'array':
      return Array.from({ length: r.int(0, 4) }, () => hostileJson(r, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(0, 4) }, () => [r.chance(0.5) ? r.pick(['__proto__', 'constructor', 'toString', 'a', '', '\u0000', 'uid', 'admin']) : hostileString(r).slice(0, 50), hostileJson(r, depth - 1)]),
      );
  }
}

/** JSON nested `depth` levels deep, as text (a parser's or validator's recursion limit). */
export function deeplyNested(r: Random, depth: number): string {
  const [open, close] = r.pick([['[', ']'], ['{"a":', '}'], ['{"details":', '}'], ['[{"x":', '}]']] as const);
  return `${open.repeat(depth)}${r.pick(['1', 'null', '"\\u0000"', '[]', '{}'])}${close.repeat(depth)}`;
}

/** Text that is not JSON, or JSON that is not quite right. */
export function invalidJson(r: Random): string {
  return r.pick([
    '{', '}', '[', '{"a":', '{"a":1,}', "{'a':1}", 'nul', 'tru', 'NaN', 'Infinity', '-', '01', '{"a":NaN}', '{"a":undefined}',
    '\u0000', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":"\\uZZZZ"}', '{"a":"\n"}', '"unterminated', '{}{}', '[] []',
    '{"a":1}garbage', '/* comment */ {}', '<xml/>', 'a=1&b=2', '--boundary\r\n', '{"__proto__":{"admin":true}}', ' ',
  ]);
}

/** Bytes that are not valid UTF-8: overlong NUL, stray continuation bytes, truncated sequences. */
export function invalidUtf8(r: Random): Uint8Array<ArrayBuffer> {
  const pieces = [[0xc0, 0x80], [0xff], [0xfe, 0xff], [0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x00]];
  const prefix = new TextEncoder().encode(r.pick(['{"text":"', '{"title":"', '{"q":"', '', '{"email":"']));
  const bytes: number[] = [...prefix];
  for (let i = 0, n = r.int(1, 6); i < n; i++) bytes.push(...r.pick(pieces));
  if (r.chance(0.5)) bytes.push(...new TextEncoder().encode('"}'));
  return Uint8Array.from(bytes);
}

/** A path segment, already percent-encoded (or deliberately not). */
export function hostileSegment(r: Random): string {
  return r.weighted<() => string>([
    [3, () => r.pick(['..', '.', '%2e%2e', '..%2F..%2F', '%2F', '%00', '%zz', '%ff', '%C0%80', '%E2%80%AE', '%ED%A0%80', '%20', '+', '~', '%25', '%u0000', "'", 'null', 'undefined', '0', '-1', 'me', 'mine', 'community'])],
    [3, () => encodeSegment(hostileString(r).slice(0, 300))],
    [1, () => 'a'.repeat(r.pick([64, 65, 300, 2000, 5000]))],
    [1, () => 'A'.repeat(20) + encodeSegment(r.pick(CONTROLS))],
  ])();
}

/** encodeURIComponent that also writes lone surrogates (as the bytes of an invalid UTF-8 sequence). */
export function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A header value fetch will send: printable ASCII only, bounded. */
export function headerValue(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000);
}
