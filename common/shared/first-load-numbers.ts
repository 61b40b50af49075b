/**
 * Numbers of the product (spec section 9) that the app's first page load uses. They are in a
 * file of their own so the first download carries only them, not the whole limits file
 * (limits.ts names them too).
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_EXIT_MS = 300;

/** Waits before each further try at a screen's code that failed to download while online (web/lib/on-demand.ts). */
export const DOWNLOAD_RETRY_DELAYS_MS = [400, 1200] as const;
