import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CheckCheck, Flag, MousePointerClick } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { REPORT_TEXTS, type CaseOutcome, type CaseStatus } from '@common/moderation/moderation';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { SegmentedControl } from '../../components/SegmentedControl';
import { CenteredSpinner } from '../../components/Spinner';
import { useToast } from '../../components/toasts/toast-context';
import { primaryButton } from '../../components/ui';
import { formatNumber, plural } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { caseListQuery, useBulkResolve } from './api';
import { CaseDetailPanel, outcomeChoice } from './CaseDetailPanel';
import { CaseRow } from './CaseRow';
import { ReasonDialog } from './ReasonDialog';

const LOAD_FAILED = 'Could not load the reports.';

/** The open count the newest page carries, read from the list's own cache entry. */
function useOpenCount(status: CaseStatus) {
  const { data } = useInfiniteQuery({ ...caseListQuery(status), select: (pages) => pages.pages[0]?.openCount, placeholderData: keepPreviousData });
  return data;
}

/**
 * /admin/reports: the moderation queue, one item per reported thing. The chosen item lives in
 * the address (?case=…), so a reload or a shared link opens it; it shows beside the list on
 * wide screens and in place of it on phones.
 */
export function ReportsScreen() {
  const [params, setParams] = useSearchParams();
  const status: CaseStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const selectedId = params.get('case');
  const list = usePagedList({ ...caseListQuery(status), placeholderData: keepPreviousData });
  const openCount = useOpenCount(status);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [resolving, setResolving] = useState(false);
  const bulk = useBulkResolve();
  const { toast } = useToast();

  const go = (next: { status?: CaseStatus; case?: string | null }) => {
    const nextStatus = next.status ?? status;
    const nextCase = next.case === undefined ? selectedId : next.case;
    const search: Record<string, string> = {};
    if (nextStatus !== 'open') search.status = nextStatus;
    if (nextCase) search.case = nextCase;
    // Opening or leaving an item is a step Back undoes; switching tabs is not.
    setParams(search, { replace: next.status !== undefined });
  };

  // Only what is still listed (and open) can be resolved together.
  const items = list.items ?? [];
  const selectable = status === 'open' ? items : [];
  const chosen = selectable.filter((item) => checked.has(item.id));

  const resolveChosen = (outcome: CaseOutcome, reason: string) =>
    bulk.mutate(
      { items: chosen.map(({ id, version }) => ({ id, version })), outcome, reason },
      {
        onSuccess: ({ resolved, conflicts, mismatched }) => {
          if (resolved.length) toast(`Resolved ${plural(resolved.length, 'report')}.`, 'success');
          if (conflicts.length) toast(REPORT_TEXTS.alreadyHandled, 'error');
          if (mismatched.length) {
            const left = mismatched.length === 1 ? '1 report was' : `${mismatched.length} reports were`;
            toast(`${left} left open: ${outcome === 'action' ? REPORT_TEXTS.outcomeNeedsAction : REPORT_TEXTS.outcomeHasActions}`, 'error');
          }
          // What is left selected is what is still open and unresolved.
          setChecked(new Set(mismatched));
          setResolving(false);
        },
      },
    );

  const toggle = (id: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="screen-heading" data-testid="reports-screen">
      <title>Reports · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Reports
      </h1>
      <p className="mt-1 text-muted">What readers reported, one item per reported thing.</p>
      <div className="mt-6 items-start gap-6 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={`flex flex-col gap-4 ${selectedId ? 'hidden lg:flex' : ''}`}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SegmentedControl
              label="Report status"
              options={[
                { value: 'open', label: openCount === undefined ? 'Open' : `Open (${formatNumber(openCount)})` },
                { value: 'resolved', label: 'Resolved' },
              ]}
              value={status}
              onChange={(value) => go({ status: value, case: null })}
              testId="case-status-tabs"
            />
            {status === 'open' && items.length > 0 && (
              <label className="flex items-center gap-2 text-sm text-muted">
                <input
                  type="checkbox"
                  className="size-4 accent-accent-700"
                  checked={chosen.length > 0 && chosen.length === selectable.length}
                  ref={(input) => {
                    if (input) input.indeterminate = chosen.length > 0 && chosen.length < selectable.length;
                  }}
                  onChange={(event) => setChecked(event.target.checked ? new Set(selectable.map((item) => item.id)) : new Set())}
                  data-testid="select-all-cases"
                />
                Select all
              </label>
            )}
          </div>
          {chosen.length > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-subtle px-3 py-2" role="region" aria-label="Selected reports">
              <span className="text-sm text-fg">{plural(chosen.length, 'report')} selected</span>
              <button type="button" className={`${primaryButton} px-3 py-1.5`} disabled={bulk.isPending} onClick={() => setResolving(true)} data-testid="resolve-selected">
                <CheckCheck aria-hidden className="size-4" />
                Resolve selected…
              </button>
            </div>
          )}
          <div aria-busy={list.isPlaceholderData || undefined}>
            {list.status === 'pending' ? (
              <CenteredSpinner />
            ) : list.items === undefined ? (
              <LoadError message={LOAD_FAILED} onRetry={list.refetch} />
            ) : list.items.length === 0 ? (
              <EmptyState icon={<Flag aria-hidden className="size-6" />} title={status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}>
                {status === 'open' && 'New reports appear here as readers send them.'}
              </EmptyState>
            ) : (
              <ul className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'} data-testid="case-list">
                {list.items.map((item) => (
                  <li key={item.id}>
                    <CaseRow
                      item={item}
                      selected={item.id === selectedId}
                      onOpen={() => go({ case: item.id })}
                      checked={checked.has(item.id)}
                      onCheck={status === 'open' ? (on) => toggle(item.id, on) : undefined}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LoadMore list={list} className="mt-4 flex justify-center" failure={LOAD_FAILED} />
          </div>
        </div>
        {selectedId ? (
          <div className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto">
            <CaseDetailPanel
              key={selectedId}
              id={selectedId}
              onBack={() => go({ case: null })}
              onOpenCase={(id) => go({ case: id })}
              onReopened={(id) => go({ status: 'open', case: id })}
            />
          </div>
        ) : (
          <div className="hidden lg:block">
            <EmptyState icon={<MousePointerClick aria-hidden className="size-6" />} title="Choose a report to see it in full." />
          </div>
        )}
      </div>
      <ReasonDialog<CaseOutcome>
        open={resolving}
        onOpenChange={(next) => !next && setResolving(false)}
        title={`Resolve ${plural(chosen.length, 'report')}`}
        description="One outcome and reason for all of them. A report the outcome does not fit (no violation where an action was taken, or the reverse) stays open."
        submitLabel="Resolve"
        pending={bulk.isPending}
        choice={outcomeChoice(null)}
        onSubmit={({ reason, choice }) => choice && resolveChosen(choice, reason)}
      />
    </section>
  );
}
