import { createContext, useContext } from 'react';
import type { AccentColor, ThemeMode } from '@common/me/theme';

export interface ThemeContextValue {
  /** The mode on screen: the chosen one, else the system preference. */
  themeMode: ThemeMode;
  colorTheme: AccentColor;
  /** Unknown values are ignored (spec section 5). */
  setThemeMode: (mode: string) => void;
  setColorTheme: (color: string) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
