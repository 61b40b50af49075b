/*
 * Why a screen's code would not download, and the one reload a new release earns
 * (docs/decisions/0026-screens-that-fail-to-load.md). Not on the first load: screen-route.tsx
 * fetches it once a first screen has loaded, so it is at hand offline.
 */

export type LoadFailureCause = 'offline' | 'new-release' | 'unknown';

/**
 * The scripts index.html loads, in order: the app's own changes name with every release (a hash
 * of its content), while the runtime and the framework keep theirs until they change.
 */
function entryScript(html: string | Document): string | null {
  const sources =
    typeof html === 'string'
      ? [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1])
      : [...html.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src'));
  return sources.length > 0 ? sources.join(' ') : null;
}

/**
 * Why a download failed: the browser says it is offline, or the site does not answer (offline);
 * the site's index.html now names another entry script than this page's (a new release); or
 * neither (a passing fault: trying again may do).
 */
export async function loadFailureCause(): Promise<LoadFailureCause> {
  if (!navigator.onLine) return 'offline';
  let html: string;
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!response.ok) return 'unknown';
    html = await response.text();
  } catch {
    return 'offline';
  }
  const served = entryScript(html);
  return served !== null && served !== entryScript(document) ? 'new-release' : 'unknown';
}

/** Set just before reloading for a new release; cleared once a screen loads again. */
const RELOADED_KEY = 'drabble.reloadedForNewRelease';

/**
 * Reloads the page for a new release's files, once: a page that reloaded for this and still
 * cannot load a screen does not reload again (no loop). False when it will not reload.
 */
export function reloadOnceForNewRelease(): boolean {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) !== null) return false;
    window.sessionStorage.setItem(RELOADED_KEY, new Date().toISOString());
  } catch {
    // Without session storage there is no way to tell a second reload from a first: none.
    return false;
  }
  window.location.reload();
  return true;
}

/** A screen loaded: a later release may reload the page again. */
export function screenLoaded(): void {
  try {
    window.sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Nothing was stored, then.
  }
}
