import { useId } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Check, Palette } from 'lucide-react';
import { ACCENT_COLORS, type AccentColor } from '@common/me/theme';
import { focusRing, iconButton, popoverPanel } from '../../components/ui';
import { logEvent } from '../../lib/event-log';
import { useTheme } from '../theme/theme-context';
import { CustomColorForm } from './CustomColorForm';

/** Swatches use the fixed 600 shade of each palette, so they show the colour itself. */
const SWATCH_CLASSES: Record<AccentColor, string> = {
  blue: 'bg-blue-600', indigo: 'bg-indigo-600', purple: 'bg-purple-600', pink: 'bg-pink-600',
  red: 'bg-red-600', orange: 'bg-orange-600', amber: 'bg-amber-600', yellow: 'bg-yellow-600',
  lime: 'bg-lime-600', green: 'bg-green-600', emerald: 'bg-emerald-600', teal: 'bg-teal-600',
  cyan: 'bg-cyan-600', sky: 'bg-sky-600', violet: 'bg-violet-600', fuchsia: 'bg-fuchsia-600', rose: 'bg-rose-600',
};

/** The 17 accent presets as toggle buttons. */
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
            onClick={() => {
              void logEvent({ type: 'color_theme_selected', action: 'select', details: { color } });
              setColorTheme(color);
            }}
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

/** The swatches and the custom colour form, as both the popover and the small-screen menu show them. */
export function AccentControls() {
  return (
    <div className="flex flex-col gap-4">
      <AccentSwatchGrid />
      <div className="border-t border-line pt-3">
        <CustomColorForm />
      </div>
    </div>
  );
}

/**
 * The accent popover, loaded when the top bar's stand-in (AccentPicker.tsx) is first used
 * and opened at once: that first open is logged by the stand-in, later ones here.
 */
export function AccentPopover() {
  const titleId = useId();
  const onOpenChange = (open: boolean) => {
    if (open) void logEvent({ type: 'theme_picker', action: 'open' });
  };
  return (
    <Popover.Root defaultOpen onOpenChange={onOpenChange}>
      <Popover.Trigger aria-label="Accent colour" title="Accent colour" data-testid="accent-picker" className={iconButton}>
        <Palette aria-hidden className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} aria-labelledby={titleId} collisionPadding={8} className={`${popoverPanel} w-72`}>
          <p id={titleId} className="mb-3 text-sm font-semibold">
            Accent colour
          </p>
          <AccentControls />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
