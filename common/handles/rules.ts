import { HANDLE_TEXTS } from './texts';

export { HANDLE_TEXTS };

/*
 * The handle rules without zod (docs/decisions/0049): handle.ts adds the schemas and re-exports
 * these, and screens that only read a handle import them from here.
 *
 * A writer's handle: the name other people, other servers and (later) the fediverse find
 * them by, as `@handle` here and `@handle@host` elsewhere. One rule, used by the sign-up's
 * suggestion, the Settings field, the server's checks and the migration that gave existing
 * accounts theirs:
 *
 * - 3–30 characters of a–z, 0–9 and `_`. Case does not matter: a handle is stored and compared
 *   in lower case, and what a person types is lowered (ASCII only: no other letter becomes one
 *   of these by lowering) after one leading `@` is taken off.
 * - A short list of names is reserved (RESERVED_HANDLES): they would read as the site's own
 *   pages or as someone speaking for it.
 * - Every account has exactly one, unique (users.handle). A handle someone changed away from
 *   keeps leading to them for good (handleRedirects), so nobody else can take it; they may take
 *   it back themselves (docs/decisions/0064-handles.md).
 */

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
/** A stored handle: already lowered, within the lengths, allowed characters only. */
export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/;

/**
 * Names nobody may take: the app's own top-level pages and API, the fediverse's well-known
 * addresses, and names that would look like the site speaking. Short on purpose: anything
 * else is first come, first served.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'about', 'abuse', 'admin', 'administrator', 'api', 'assets', 'community', 'contest', 'contests', 'drabble',
  'favorites', 'feed', 'friends', 'help', 'inbox', 'join', 'login', 'logout', 'messages', 'moderator',
  'moderators', 'nodeinfo', 'noreply', 'notifications', 'official', 'outbox', 'postmaster', 'profile', 'prompt',
  'prompts', 'register', 'root', 'security', 'settings', 'signin', 'signup', 'staff', 'stories', 'story',
  'support', 'system', 'tag', 'tags', 'user', 'users', 'webfinger', 'webmaster', 'well_known',
]);

export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(handle);
}

/** What a person typed, as a handle is compared: trimmed, one leading `@` off, A–Z lowered. */
export function normalizeHandleInput(value: string): string {
  const trimmed = value.trim();
  const bare = trimmed.startsWith('@') ? trimmed.slice(1) : trimmed;
  return bare.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Why a normalised handle cannot be anyone's, or null when it can (whether it is free is the server's to say). */
export function handleProblem(handle: string): string | null {
  if (handle === '') return HANDLE_TEXTS.empty;
  if (!/^[a-z0-9_]*$/.test(handle)) return HANDLE_TEXTS.characters;
  if (handle.length < HANDLE_MIN_LENGTH) return HANDLE_TEXTS.tooShort;
  if (handle.length > HANDLE_MAX_LENGTH) return HANDLE_TEXTS.tooLong;
  if (isReservedHandle(handle)) return HANDLE_TEXTS.reserved;
  return null;
}

/** A handle as written in the app: `@ada`. */
export const atHandle = (handle: string): string => `@${handle}`;

/** A handle as other servers know it: `@ada@drabble.example`. */
export const handleAddress = (handle: string, host: string): string => `@${handle}@${host}`;

/** The address of a profile by handle, in the app. */
export const handlePath = (handle: string): string => `/@${handle}`;

// ---- Suggestions: a handle made from a name, for sign-up and the accounts made before handles ----

/** Letters that have no accent to take off: written out as English speakers spell them. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  // Latin letters that are not a letter plus an accent
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŋ: 'ng', ŧ: 't', ſ: 's', ƒ: 'f', ĸ: 'k',
  // Cyrillic (й, ё, ї, ў lose their marks first and arrive as и, е, і, у)
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '',
  ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Greek (accents and diaereses come off first)
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o',
  π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

/** Letters, digits and `_` from any text: accents off, a few alphabets spelled out, apostrophes dropped, every other run of characters one `_`. */
function handleLetters(source: string): string {
  const spelled = source
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, (ch) => SPELLED_OUT[ch] ?? (/['’`ʼ]/.test(ch) ? '' : '_'));
  return spelled.replace(/_+/g, '_').replace(/^_|_$/g, '');
}

/** A handle of at most HANDLE_MAX_LENGTH characters, not ending in `_` where it was cut. */
function fitted(letters: string): string {
  return letters.slice(0, HANDLE_MAX_LENGTH).replace(/_+$/, '');
}

/** What a handle too short, or reserved, becomes: plainly someone's, never the site's. */
const PADDING = '_writer';
const FALLBACK = 'writer';

/**
 * A valid handle made from the first of `sources` (a display name, then the email's local
 * part) that gives one of at least three characters; else the first that gives anything,
 * with `_writer` after it; else `writer`. A reserved result also gets `_writer` (`admin_writer`).
 * Whether it is free is for the server to find out (a number is added after a taken one).
 */
export function suggestHandle(...sources: ReadonlyArray<string | null | undefined>): string {
  const made = sources.map((source) => fitted(handleLetters(source ?? '')));
  const found = made.find((letters) => letters.length >= HANDLE_MIN_LENGTH) ?? made.find((letters) => letters.length > 0);
  if (!found) return FALLBACK;
  if (found.length < HANDLE_MIN_LENGTH || isReservedHandle(found)) return fitted(`${found}${PADDING}`);
  return found;
}

/**
 * The `n`th handle to try for `base` (a valid handle): `base` itself for 1, then `base2`,
 * `base3`…, the base cut short where the number would not fit. Never a reserved name: those
 * hold no digits.
 */
export function handleWithSuffix(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = String(n);
  return `${base.slice(0, HANDLE_MAX_LENGTH - suffix.length)}${suffix}`;
}
