import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ACCENT, isAccentColor, isThemeMode, systemThemeMode, type AccentColor, type ThemeMode } from '@common/theme';
import { useCurrentUser } from '../../lib/auth';
import { savePreferences } from '../../lib/preferences';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import { applyAppearance, useSystemPrefersDark } from './system-theme';
import { readStoredColorTheme, readStoredThemeMode, storeColorTheme, storeThemeMode } from './theme-storage';

/**
 * Appearance: a guest's choice lives in localStorage; a signed-in user's lives on their
 * record (and follows live updates through the ['me'] query). No chosen mode means the
 * system preference, followed live.
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

  const setThemeMode = useCallback(
    (mode: string) => {
      if (!isThemeMode(mode)) return;
      if (signedIn) {
        void savePreferences(queryClient, { themeMode: mode });
        return;
      }
      setGuestMode(mode);
      storeThemeMode(mode);
    },
    [signedIn, queryClient],
  );

  const setColorTheme = useCallback(
    (color: string) => {
      if (!isAccentColor(color)) return;
      if (signedIn) {
        void savePreferences(queryClient, { colorTheme: color });
        return;
      }
      setGuestColor(color);
      storeColorTheme(color);
    },
    [signedIn, queryClient],
  );

  const value = useMemo<ThemeContextValue>(
    () => ({ themeMode, colorTheme, setThemeMode, setColorTheme }),
    [themeMode, colorTheme, setThemeMode, setColorTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
