import { useSyncExternalStore } from 'react';

/*
 * The installable app's state the bars show (docs/decisions/0047-installable-app-offline-and-push.md):
 * whether the browser is online, and whether a new version's service worker waits to take over.
 */

type Listener = () => void;

let applyUpdate: (() => void) | null = null;
const updateListeners = new Set<Listener>();

/** A new version is installed and waits: `apply` lets it take over and reloads the page. */
export function setUpdateReady(apply: () => void): void {
  applyUpdate = apply;
  updateListeners.forEach((listener) => listener());
}

function subscribeUpdate(listener: Listener): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/** The waiting version's "Reload", or null while there is none. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(subscribeUpdate, () => applyUpdate, () => null);
}

function subscribeOnline(listener: Listener): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a connection, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
