import { useSyncExternalStore } from 'react';
import { systemThemeMode, type AccentColor, type ThemeMode } from '@common/me/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function prefersDarkNow(): boolean {
  return darkQuery()?.matches ?? false;
}

/** The system dark preference, live. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribe, prefersDarkNow, () => false);
}

export function currentSystemThemeMode(): ThemeMode {
  return systemThemeMode(prefersDarkNow());
}

/** Puts the appearance on <html>, where the CSS variables of styles.css hang. */
export function applyAppearance(mode: ThemeMode, color: AccentColor): void {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.dataset.accent = color;
  // The installed app's title bar (and the mobile browser's) in the accent's colour.
  const accent = getComputedStyle(root).getPropertyValue('--accent-700').trim();
  if (accent) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accent);
}
