import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, Download, ScrollText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_TEXTS, AUDIT_EXPORT_MAX, AUDIT_SOURCE_FILTERS, EMPTY_AUDIT_FILTER, type AuditFilterValues, type AuditSourceFilter } from '@common/admin/admin';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { card, secondaryButton, textLink } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { auditExportHref, auditQuery } from './api';
import { AuditEntries } from './AuditEntries';
import { AuditFilters } from './AuditFilters';

const isSource = (value: string | null): value is AuditSourceFilter => (AUDIT_SOURCE_FILTERS as readonly (string | null)[]).includes(value);

/** The applied filters live in the address, so a reload, Back or a shared link shows the same list. */
function useAppliedFilter(): [AuditFilterValues, (filter: AuditFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const source = params.get('source');
  const filter: AuditFilterValues = {
    source: isSource(source) ? source : 'all',
    type: params.get('type') ?? '',
    user: params.get('user') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const apply = (next: AuditFilterValues) => {
    const entries = Object.entries(next).filter(([key, value]) => value !== '' && value !== EMPTY_AUDIT_FILTER[key as keyof AuditFilterValues]);
    setParams(Object.fromEntries(entries));
  };
  return [filter, apply];
}

function AuditList({ filter }: { filter: AuditFilterValues }) {
  const list = usePagedList({ ...auditQuery(filter), placeholderData: keepPreviousData });
  if (list.status === 'pending') {
    return (
      <p role="status" className="text-muted">
        Loading the audit log…
      </p>
    );
  }
  if (list.status === 'error' && !list.items) return <LoadError message={ADMIN_TEXTS.auditFailed} onRetry={list.refetch} />;
  const entries = list.items ?? [];
  if (entries.length === 0) return <EmptyState icon={<ScrollText aria-hidden className="size-6" />} title={ADMIN_TEXTS.noAuditEntries} />;
  return (
    <div className={`flex flex-col gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={list.isPlaceholderData}>
      <p className="text-sm text-muted" aria-live="polite">
        Showing {formatNumber(entries.length)} {entries.length === 1 ? 'entry' : 'entries'}
        {list.hasMore ? ', more below' : ''}.
      </p>
      <AuditEntries entries={entries} />
      <LoadMore list={list} failure={ADMIN_TEXTS.auditFailed} className="text-center" testId="audit-load-more" />
    </div>
  );
}

/** /admin/audit: admin actions and system events, filtered, page by page, and exported as CSV. */
export function AuditLogScreen() {
  const [filter, apply] = useAppliedFilter();
  return (
    <div className="flex flex-col gap-6" data-testid="audit-screen">
      <title>Audit log · Drabble</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link to="/admin" className={`${textLink} inline-flex items-center gap-1 text-sm`}>
            <ArrowLeft aria-hidden className="size-4" />
            Admin Panel
          </Link>
          <h1 id="screen-heading" className="mt-2 text-2xl font-bold text-fg">
            Audit log
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted" data-testid="audit-promise">
            {ADMIN_TEXTS.auditPromise}
          </p>
        </div>
        <a href={auditExportHref(filter)} download className={secondaryButton} data-testid="audit-export" title={`The newest ${formatNumber(AUDIT_EXPORT_MAX)} matching entries at most`}>
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </div>
      <section aria-label="Filters" className={card}>
        <AuditFilters key={JSON.stringify(filter)} applied={filter} onApply={apply} />
      </section>
      <AuditList filter={filter} />
    </div>
  );
}
