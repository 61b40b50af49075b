/**
 * The `next` target after sign-in. Only same-site paths are accepted: a single leading
 * '/', no backslashes (browsers read them as '/') and no control characters (browsers
 * strip tabs and newlines, which could turn '/\t/evil.example' into '//evil.example').
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\')) return '/';
  if (hasControlCharacter(value)) return '/';
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return '/';
  return value;
}

/**
 * The history state of the page a sign-in handed back to (its `next`): the visitor came for
 * that page, so nothing opens over it by itself (the tutorial waits for the next page).
 */
export const SIGN_IN_RETURN = { signInReturn: true } as const;

export function isSignInReturn(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signInReturn' in state && state.signInReturn === true;
}

/** The login URL that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
