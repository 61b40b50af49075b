/** Zod-free, on its own: the top bar shows it on every page, before any conversation is loaded. */

/** The Messages link's badge: the count, or "99+" above 99. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
