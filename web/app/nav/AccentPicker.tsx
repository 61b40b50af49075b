import { Palette } from 'lucide-react';
import { LoadOnOpen } from '../../components/LoadOnOpen';
import { iconButton } from '../../components/ui';
import { logEvent } from '../../lib/event-log';
import { onDemand } from '../../lib/on-demand';

const popover = onDemand(() => import('./AccentPopover'));
const AccentPopover = popover.component((m) => m.AccentPopover);

/** The top bar's accent colour button; the popover's code loads on first use (AccentPopover.tsx). */
export function AccentPicker() {
  return (
    <LoadOnOpen
      part={popover}
      standIn={({ onClick, ...props }) => (
        <button
          type="button"
          {...props}
          onClick={() => {
            void logEvent({ type: 'theme_picker', action: 'open' });
            onClick();
          }}
          aria-haspopup="dialog"
          aria-label="Accent colour"
          title="Accent colour"
          data-testid="accent-picker"
          className={iconButton}
        >
          <Palette aria-hidden className="size-5" />
        </button>
      )}
    >
      <AccentPopover />
    </LoadOnOpen>
  );
}
