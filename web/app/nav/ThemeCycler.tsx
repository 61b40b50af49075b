import { Moon, MoonStar, Sun, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { nextThemeMode, type ThemeMode } from '@common/me/theme';
import { iconButton } from '../../components/ui';
import { useTheme } from '../theme/theme-context';

const MODE_ICONS: Record<ThemeMode, LucideIcon> = { light: Sun, 'dark-blue': Moon, 'dark-gray': MoonStar };

/** One button: shows the current mode's icon and moves to the next mode. */
export function ThemeCycler({ withLabel = false }: { withLabel?: boolean }) {
  const { themeMode, setThemeMode } = useTheme();
  const next = nextThemeMode(themeMode);
  const label = `Theme: ${themeMode}. Switch to ${next}`;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="theme-cycler"
      data-theme-mode={themeMode}
      onClick={() => setThemeMode(next)}
      className={withLabel ? `${iconButton} w-auto gap-2 px-3` : iconButton}
    >
      {createElement(MODE_ICONS[themeMode], { 'aria-hidden': true, className: 'size-5' })}
      {withLabel && <span aria-hidden className="text-sm font-medium">Theme: {themeMode}</span>}
    </button>
  );
}
