import type { ComponentProps } from 'react';
import { Lightbulb } from 'lucide-react';
import { LoadOnOpen } from '../../components/LoadOnOpen';
import { iconButton } from '../../components/ui';
import { onDemand } from '../../lib/on-demand';

const popover = onDemand(() => import('./SuggestFeaturePopover'));
const SuggestFeaturePopover = popover.component((m) => m.SuggestFeaturePopover);

/**
 * The one look of the Suggest a Feature button: the stand-in renders it, and the popover's
 * Radix trigger renders it too (`asChild`: the popover is handed it), so the swap changes nothing on screen.
 */
export function SuggestFeatureButton({ withLabel, ...props }: ComponentProps<'button'> & { withLabel: boolean }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...props}
      aria-label="Suggest a Feature"
      title="Suggest a Feature"
      data-testid="suggest-feature"
      className={withLabel ? `${iconButton} w-auto gap-2 px-3` : iconButton}
    >
      <Lightbulb aria-hidden className="size-5" />
      {withLabel && <span className="text-sm font-medium">Suggest a Feature</span>}
    </button>
  );
}

/** The Suggest a Feature button; the popover's code (the form, My suggestions) loads on first use. */
export function SuggestFeature({ withLabel = false }: { withLabel?: boolean }) {
  return (
    <LoadOnOpen part={popover} standIn={(props) => <SuggestFeatureButton withLabel={withLabel} {...props} />}>
      <SuggestFeaturePopover trigger={<SuggestFeatureButton withLabel={withLabel} />} />
    </LoadOnOpen>
  );
}
