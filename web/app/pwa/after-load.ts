/** Runs `start` once the page has loaded (at once if it has), so nothing of it weighs on the first load. */
export function afterLoad(start: () => void): void {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
