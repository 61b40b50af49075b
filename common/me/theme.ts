/** Appearance vocabulary shared by the server (validation) and the web (rendering). */
export const THEME_MODES = ['light', 'dark-blue', 'dark-gray'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const ACCENT_COLORS = [
  'blue', 'indigo', 'purple', 'pink', 'red', 'orange', 'amber', 'yellow', 'lime',
  'green', 'emerald', 'teal', 'cyan', 'sky', 'violet', 'fuchsia', 'rose',
] as const;
export type AccentColor = (typeof ACCENT_COLORS)[number];

export const DEFAULT_ACCENT: AccentColor = 'blue';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export function isAccentColor(value: unknown): value is AccentColor {
  return typeof value === 'string' && (ACCENT_COLORS as readonly string[]).includes(value);
}

/** The theme cycler's order: light → dark-blue → dark-gray → light. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODES.indexOf(mode);
  return THEME_MODES[(index + 1) % THEME_MODES.length] ?? 'light';
}

/** The mode shown when nobody has chosen one: the system preference. */
export function systemThemeMode(prefersDark: boolean): ThemeMode {
  return prefersDark ? 'dark-blue' : 'light';
}
