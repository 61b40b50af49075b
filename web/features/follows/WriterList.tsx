import { Fragment, type ReactNode } from 'react';
import type { WriterRow as Writer } from '@common/follows/follows';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import type { PagedList } from '../../lib/paged-list';
import { WriterRow } from './WriterRow';

interface WriterListProps {
  list: PagedList<Writer>;
  /** Names the list for screen readers. */
  label: string;
  empty: { icon: ReactNode; title: string; hint?: ReactNode };
  /** The row of one writer; a plain WriterRow (follow button) when left out. */
  row?: (writer: Writer) => ReactNode;
}

/** A cursor-paged list of writers: loading, failure with a retry, empty, or rows with "Load more". */
export function WriterList({ list, label, empty, row }: WriterListProps) {
  if (list.status === 'pending') return <CenteredSpinner />;
  if (list.status === 'error' && !list.items) return <LoadError message={errorMessage(list.error)} onRetry={list.refetch} />;
  const writers = list.items ?? [];
  if (writers.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.hint}
      </EmptyState>
    );
  }
  return (
    <div className="rounded-xl border border-line bg-surface p-4 sm:p-6">
      <ul aria-label={label} className="divide-y divide-line">
        {writers.map((writer) => (
          <Fragment key={writer.uid}>{row ? row(writer) : <WriterRow writer={writer} />}</Fragment>
        ))}
      </ul>
      <LoadMore list={list} className="mt-4 flex justify-center" failure="More writers could not be loaded." testId="writers-load-more" />
    </div>
  );
}
