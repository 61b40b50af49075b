import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PwaBars } from './PwaBars';
import { setUpdateReady } from './pwa-state';

/**
 * The installable app's parts, loaded after the page (main.tsx): the service worker's
 * registration (not in development, where Vite serves the sources) and the bars saying the
 * connection is gone or a new version waits, in a root of their own at the end of the body so
 * they show over every screen, signed in or not.
 */
export function startPwa(): void {
  const host = document.createElement('div');
  host.dataset.pwaBars = '';
  document.body.append(host);
  createRoot(host).render(createElement(PwaBars));
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('./register').then((m) => m.registerServiceWorker(setUpdateReady));
}
