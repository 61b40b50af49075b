/*
 * A screen's code that would not download: offline, or gone because a new release replaced the
 * files this page was built with (docs/decisions/0026-screens-that-fail-to-load.md). On the first
 * load: what to do about it is in new-release.ts and components/OnDemandScreen.tsx, loaded later.
 */

/** The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari), and Vite's for a stylesheet. */
const LOAD_FAILURE = /dynamically imported module|importing a module script failed|unable to preload/i;

/** The download failed, as opposed to the downloaded code throwing (a bug, which the error screen reports). */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}
