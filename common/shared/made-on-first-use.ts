/**
 * A value made the first time it is asked for, then kept: for a costly object (an Intl
 * formatter or collator) that a module would otherwise build as it loads, on the first load's
 * longest task, whether or not the screen uses it (docs/decisions/0049).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
