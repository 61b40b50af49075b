import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ACCENT, isAccentColor, isThemeMode, systemThemeMode, type AccentColor, type ThemeMode } from '@common/me/theme';
import { useCurrentUser } from '../../lib/auth';
import { logEvent } from '../../lib/event-log';
import { savePreferences } from '../../lib/preferences';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import { applyAppearance, useSystemPrefersDark } from './system-theme';
import {
  onStoredAppearanceChange,
  readStoredColorTheme,
  readStoredThemeMode,
  storeColorTheme,
  storeThemeMode,
} from './theme-storage';

/**
 * Appearance: a guest's choice lives in localStorage; a signed-in user's lives on their
 * record (and follows live updates through the ['me'] query). No chosen mode means the
 * system preference, followed live. Each change is recorded once it has taken effect
 * (for a signed-in user: once the record is saved).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const systemPrefersDark = useSystemPrefersDark();
  const [guestMode, setGuestMode] = useState<ThemeMode | null>(readStoredThemeMode);
  const [guestColor, setGuestColor] = useState<AccentColor>(() => readStoredColorTheme() ?? DEFAULT_ACCENT);

  const chosenMode = user ? user.themeMode : guestMode;
  const themeMode = chosenMode ?? systemThemeMode(systemPrefersDark);
  const colorTheme = user ? user.colorTheme : guestColor;
  const signedIn = user !== null;

  useLayoutEffect(() => {
    applyAppearance(themeMode, colorTheme);
  }, [themeMode, colorTheme]);

  // A guest's other tabs follow through the storage event; signed-in tabs follow the live stream.
  useEffect(
    () =>
      onStoredAppearanceChange(() => {
        setGuestMode(readStoredThemeMode());
        setGuestColor(readStoredColorTheme() ?? DEFAULT_ACCENT);
      }),
    [],
  );

  const setThemeMode = useCallback(
    (mode: string) => {
      if (!isThemeMode(mode) || mode === chosenMode) return;
      const logChange = () => void logEvent({ type: 'theme_mode_changed', action: 'update', details: { from: themeMode, to: mode } });
      if (signedIn) {
        void savePreferences(queryClient, { themeMode: mode }).then((saved) => saved && logChange());
        return;
      }
      setGuestMode(mode);
      storeThemeMode(mode);
      logChange();
    },
    [signedIn, queryClient, chosenMode, themeMode],
  );

  const setColorTheme = useCallback(
    (color: string) => {
      if (!isAccentColor(color) || color === colorTheme) return;
      const logChange = () => void logEvent({ type: 'color_theme_changed', action: 'update', details: { from: colorTheme, to: color } });
      if (signedIn) {
        void savePreferences(queryClient, { colorTheme: color }).then((saved) => saved && logChange());
        return;
      }
      setGuestColor(color);
      storeColorTheme(color);
      logChange();
    },
    [signedIn, queryClient, colorTheme],
  );

  const value = useMemo<ThemeContextValue>(
    () => ({ themeMode, colorTheme, setThemeMode, setColorTheme }),
    [themeMode, colorTheme, setThemeMode, setColorTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
