import { isAccentColor, isThemeMode, type AccentColor, type ThemeMode } from '@common/me/theme';

export const THEME_MODE_STORAGE_KEY = 'drabble.themeMode';
export const COLOR_THEME_STORAGE_KEY = 'drabble.colorTheme';

// Storage can throw (disabled cookies, private modes); appearance then just is not remembered.
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.error('Could not remember the appearance choice', error);
  }
}

/** A guest's chosen mode, or null to follow the system preference. */
export function readStoredThemeMode(): ThemeMode | null {
  const value = readItem(THEME_MODE_STORAGE_KEY);
  return isThemeMode(value) ? value : null;
}

export function readStoredColorTheme(): AccentColor | null {
  const value = readItem(COLOR_THEME_STORAGE_KEY);
  return isAccentColor(value) ? value : null;
}

export function storeThemeMode(mode: ThemeMode): void {
  writeItem(THEME_MODE_STORAGE_KEY, mode);
}

export function storeColorTheme(color: AccentColor): void {
  writeItem(COLOR_THEME_STORAGE_KEY, color);
}

/** Calls back when another tab changes a stored appearance choice (guests' tabs stay in step). */
export function onStoredAppearanceChange(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_MODE_STORAGE_KEY || event.key === COLOR_THEME_STORAGE_KEY) callback();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
