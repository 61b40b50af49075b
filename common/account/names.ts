/**
 * first/last for a new users record (spec section 3): the display name split on its
 * first space, else the email's local part split on `.`, `_` or `-`.
 */
export function deriveFirstLast(displayName: string | null | undefined, email: string): { first: string; last: string } {
  const name = (displayName ?? '').trim().replace(/\s+/g, ' ');
  if (name) {
    const space = name.indexOf(' ');
    return space === -1 ? { first: name, last: '' } : { first: name.slice(0, space), last: name.slice(space + 1) };
  }
  const local = email.split('@')[0] ?? '';
  const [first = '', ...rest] = local.split(/[._-]+/).filter(Boolean);
  return { first, last: rest.join(' ') };
}

/** What the nav and avatars call a person: display name, else name, else email, else 'User'. */
export function displayLabel(user: { displayName?: string | null; name?: string | null; email?: string | null }): string {
  return user.displayName?.trim() || user.name?.trim() || user.email?.trim() || 'User';
}

/** The letter an avatar falls back to (spec: display name, name or email, else 'U'). */
export function avatarInitial(user: { displayName?: string | null; name?: string | null; email?: string | null }): string {
  const source = user.displayName?.trim() || user.name?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}
