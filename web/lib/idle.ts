/**
 * Resolves when the browser next has a moment with nothing to do (requestIdleCallback), or after
 * `timeout` ms at the latest; where there is no requestIdleCallback (Safari), after a short
 * timer. For background work that must not share a task with the page's own start-up.
 */
export function whenIdle(timeout = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, 50);
  });
}
