import { useEffect } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { FEATURE_REQUEST_FILTERS, FEATURE_REQUEST_TEXTS, type FeatureRequestFilter } from '@common/feature-requests/feature-requests';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { useToast } from '../../components/toasts/toast-context';
import { reportFailure } from '../../lib/report-error';
import { usePagedList } from '../../lib/paged-list';
import { adminFeatureRequestsQuery, useFeatureRequestCounts } from './api';
import { FeatureRequestCard } from './FeatureRequestCard';
import { FilterBar } from './FilterBar';

function isFilter(value: string | null): value is FeatureRequestFilter {
  return (FEATURE_REQUEST_FILTERS as readonly (string | null)[]).includes(value);
}

/** /admin/feature-requests: what writers asked for, newest first, one status at a time. */
export function FeatureRequestsScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filter: FeatureRequestFilter = isFilter(raw) ? raw : 'all';
  const list = usePagedList({ ...adminFeatureRequestsQuery(filter), placeholderData: keepPreviousData });
  const counts = useFeatureRequestCounts(filter);
  const { toast } = useToast();

  useEffect(() => {
    if (!list.error) return;
    toast(FEATURE_REQUEST_TEXTS.loadFailed, 'error');
    reportFailure(FEATURE_REQUEST_TEXTS.loadFailed, list.error);
  }, [list.error, toast]);

  return (
    <section aria-labelledby="screen-heading">
      <title>Feature Requests · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl" data-testid="feature-requests-heading">
        {counts ? FEATURE_REQUEST_TEXTS.heading(counts[filter]) : 'Feature Requests'}
      </h1>
      <p className="mt-1 text-muted">Suggestions from writers, newest first.</p>
      <div className="mt-6">
        <FilterBar value={filter} counts={counts} onChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })} />
      </div>
      <div className="mt-6" aria-busy={list.isPlaceholderData || undefined}>
        {list.status === 'pending' ? (
          <CenteredSpinner />
        ) : list.items === undefined ? (
          <LoadError message={FEATURE_REQUEST_TEXTS.loadFailed} onRetry={list.refetch} />
        ) : list.items.length === 0 ? (
          <EmptyState icon={<Inbox aria-hidden className="size-6" />} title={FEATURE_REQUEST_TEXTS.empty} />
        ) : (
          <ul className={`flex flex-col gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Feature requests">
            {list.items.map((request) => (
              <li key={request.id}>
                <FeatureRequestCard request={request} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={list} className="mt-6 flex justify-center" failure={FEATURE_REQUEST_TEXTS.loadFailed} testId="load-more" />
      </div>
    </section>
  );
}
