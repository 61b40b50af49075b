import { LoadOnOpen } from '../../components/LoadOnOpen';
import { onDemand } from '../../lib/on-demand';
import { SuggestFeatureButton } from './SuggestFeatureButton';

const popover = onDemand(() => import('./SuggestFeaturePopover'));
const SuggestFeaturePopover = popover.component((m) => m.SuggestFeaturePopover);

/** The Suggest a Feature button; the popover's code (the form, My suggestions) loads on first use. */
export function SuggestFeature({ withLabel = false }: { withLabel?: boolean }) {
  return (
    <LoadOnOpen part={popover} standIn={(props) => <SuggestFeatureButton withLabel={withLabel} {...props} />}>
      <SuggestFeaturePopover withLabel={withLabel} />
    </LoadOnOpen>
  );
}
