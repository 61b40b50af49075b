import { registerSW } from 'virtual:pwa-register';

/** How often an open page asks whether a new version was released (besides whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (build/pwa.ts). A new version installs beside the running one
 * and waits; `onUpdateReady` gets the function that lets it take over and reloads the page,
 * so the shell and the server it talks to change together.
 */
export function registerServiceWorker(onUpdateReady: (apply: () => void) => void): void {
  const updateSW = registerSW({
    onNeedRefresh: () =>
      onUpdateReady(() => {
        // workbox-window reloads only a page that had a worker when it registered: this one may have got its first then.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        void updateSW(true);
      }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
