/** The part of `sessionStorage` this needs (a Map stands in for it in tests). */
export type SessionMarks = Pick<Storage, 'getItem' | 'setItem'>;

/** Work started in this document and not yet ended, by key and value. */
const runningInThisPage = new Set<string>();

/**
 * Runs `work` once a tab session for `value` (say, the signed-in person's id) under `key`.
 *
 * The session is marked only when the work has finished: work cut short by leaving the page (a
 * full navigation ends the document mid-way) or failing runs again on the next page, instead of
 * being counted as done for the rest of the session. Within one page it runs once at a time.
 * Where session storage cannot be read (some private modes), it does nothing.
 */
export function onceASession(
  storage: SessionMarks,
  key: string,
  value: string,
  work: () => Promise<void>,
  running: Set<string> = runningInThisPage,
): void {
  const id = `${key}\n${value}`;
  try {
    if (storage.getItem(key) === value || running.has(id)) return;
  } catch {
    return;
  }
  running.add(id);
  work()
    .then(() => {
      try {
        storage.setItem(key, value);
      } catch {
        // Not kept: the next page does the work again, which costs only time.
      }
    })
    .catch(() => undefined)
    .finally(() => running.delete(id));
}
