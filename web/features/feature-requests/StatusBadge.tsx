import { FEATURE_REQUEST_STATUS_LABELS, type FeatureRequestStatus } from '@common/feature-requests/feature-requests';

// Each pair keeps AA contrast on its own background in light and both dark modes.
const TONES: Record<FeatureRequestStatus, string> = {
  new: 'bg-accent-soft text-accent-soft-ink',
  'in-progress': 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  responded: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  resolved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
};

/** A feature request's status, as the admin list and "My suggestions" show it. */
export function StatusBadge({ status }: { status: FeatureRequestStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`} data-testid="status-badge" data-status={status}>
      {FEATURE_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
