import { FEATURE_REQUEST_FILTERS, type FeatureRequestFilter } from '@common/feature-requests/feature-requests';
import { focusRing } from '../../components/ui';
import { formatNumber } from '../../lib/format';

interface FilterBarProps {
  value: FeatureRequestFilter;
  counts: Partial<Record<FeatureRequestFilter, number>> | undefined;
  onChange: (value: FeatureRequestFilter) => void;
}

/**
 * Spec section 2: All, new, in-progress, responded, resolved, each with its count. Unlike
 * SegmentedControl it wraps, so all five stay in view on a phone.
 */
export function FilterBar({ value, counts, onChange }: FilterBarProps) {
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2" data-testid="status-filter">
      {FEATURE_REQUEST_FILTERS.map((filter) => {
        const active = filter === value;
        const count = counts?.[filter];
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter)}
            className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium ${focusRing} ${
              active ? 'border-accent-700 bg-accent-700 text-white' : 'border-line bg-surface text-muted hover:bg-subtle hover:text-fg'
            }`}
          >
            {filter === 'all' ? 'All' : filter}
            {count !== undefined && (
              <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-white/20' : 'bg-subtle text-fg'}`}>{formatNumber(count)}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
