import { describe, expect, it } from 'vitest';
import { ACCENT_COLORS, isAccentColor, isThemeMode, nextThemeMode, systemThemeMode, THEME_MODES } from './theme';

describe('theme vocabulary', () => {
  it('cycles light → dark-blue → dark-gray → light', () => {
    expect(nextThemeMode('light')).toBe('dark-blue');
    expect(nextThemeMode('dark-blue')).toBe('dark-gray');
    expect(nextThemeMode('dark-gray')).toBe('light');
  });

  it('follows the system preference when nothing is chosen', () => {
    expect(systemThemeMode(true)).toBe('dark-blue');
    expect(systemThemeMode(false)).toBe('light');
  });

  it('knows exactly the three modes and seventeen accents', () => {
    expect(THEME_MODES).toHaveLength(3);
    expect(ACCENT_COLORS).toHaveLength(17);
    expect(isThemeMode('dark-gray')).toBe(true);
    expect(isThemeMode('dark')).toBe(false);
    expect(isThemeMode(undefined)).toBe(false);
    expect(isAccentColor('fuchsia')).toBe(true);
    expect(isAccentColor('Blue')).toBe(false);
  });
});
