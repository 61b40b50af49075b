/**
 * Requests after which the server has swapped this tab's session for a new one: turning
 * two-factor on or off (better-auth's plugin ends the old session and sets the new cookie in
 * the response). The old session's end reaches open tabs as `session.ended`, often before the
 * response with the new cookie has arrived; a tab that asked "am I still signed in?" at that
 * moment would be told no and sign out. The live-events handler waits for these first.
 */
const swaps = new Set<Promise<unknown>>();

/** Marks `request` as one that swaps the session; returns it unchanged. */
export function swapsSession<T>(request: Promise<T>): Promise<T> {
  swaps.add(request);
  const forget = () => swaps.delete(request);
  request.then(forget, forget);
  return request;
}

/** Resolves once every session swap in flight has been answered, whatever the answer. */
export async function sessionSwapsSettled(): Promise<void> {
  while (swaps.size > 0) await Promise.allSettled([...swaps]);
}
