import { useId } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Check, Palette } from 'lucide-react';
import { ACCENT_COLORS, type AccentColor } from '@common/theme';
import { useTheme } from '../theme/theme-context';
import { focusRing, iconButton, popoverPanel } from '../ui';

/** Swatches use the fixed 600 shade of each palette, so they show the colour itself. */
const SWATCH_CLASSES: Record<AccentColor, string> = {
  blue: 'bg-blue-600', indigo: 'bg-indigo-600', purple: 'bg-purple-600', pink: 'bg-pink-600',
  red: 'bg-red-600', orange: 'bg-orange-600', amber: 'bg-amber-600', yellow: 'bg-yellow-600',
  lime: 'bg-lime-600', green: 'bg-green-600', emerald: 'bg-emerald-600', teal: 'bg-teal-600',
  cyan: 'bg-cyan-600', sky: 'bg-sky-600', violet: 'bg-violet-600', fuchsia: 'bg-fuchsia-600', rose: 'bg-rose-600',
};

/** The 17 accent presets as toggle buttons; used in the popover and in the small-screen menu. */
export function AccentSwatchGrid() {
  const { colorTheme, setColorTheme } = useTheme();
  return (
    <div role="group" aria-label="Accent colours" className="grid grid-cols-6 gap-2">
      {ACCENT_COLORS.map((color) => {
        const selected = color === colorTheme;
        return (
          <button
            key={color}
            type="button"
            aria-label={color}
            aria-pressed={selected}
            title={color}
            data-testid={`accent-${color}`}
            onClick={() => setColorTheme(color)}
            className={`inline-flex size-8 items-center justify-center rounded-full ${SWATCH_CLASSES[color]} ${
              selected ? 'ring-2 ring-fg ring-offset-2 ring-offset-surface' : ''
            } ${focusRing}`}
          >
            {selected && <Check aria-hidden className="size-4 text-white" />}
          </button>
        );
      })}
    </div>
  );
}

export function AccentPicker() {
  const titleId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger aria-label="Accent colour" title="Accent colour" data-testid="accent-picker" className={iconButton}>
        <Palette aria-hidden className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} aria-labelledby={titleId} className={`${popoverPanel} w-64`}>
          <p id={titleId} className="mb-3 text-sm font-semibold">
            Accent colour
          </p>
          <AccentSwatchGrid />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
