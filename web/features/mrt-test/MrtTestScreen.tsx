import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Globe, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { focusRing, inputField, secondaryButton } from '../../components/ui';
import { LoadError } from '../../components/LoadError';
import { formatDate, formatNumber } from '../../lib/format';
import { storyRowsQuery } from '../stories';
import { COLUMNS, INITIAL_TABLE_STATE, nextSort, PAGE_SIZES, tablePage, type TableState, type VisibilityFilter } from './table';

/** /mrt-test: the writer's own stories as a sortable, filterable, paginated table. */
export function MrtTestScreen() {
  const query = useQuery(storyRowsQuery());
  const [state, setState] = useState<TableState>(INITIAL_TABLE_STATE);
  const filterId = useId();
  const visibilityId = useId();
  const sizeId = useId();
  const change = (patch: Partial<TableState>) => setState((s) => ({ ...s, page: 0, ...patch }));
  const page = tablePage(query.data ?? [], state);

  return (
    <section aria-labelledby="screen-heading">
      <title>Story table · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Story table
      </h1>
      <p className="mt-1 text-muted">All your stories with their numbers. Click a column to sort.</p>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={filterId} className="text-sm font-medium text-fg">
            Filter by title
          </label>
          <input id={filterId} type="search" value={state.filter} onChange={(e) => change({ filter: e.target.value })} className={`${inputField} mt-1`} data-testid="table-filter" />
        </div>
        <div>
          <label htmlFor={visibilityId} className="text-sm font-medium text-fg">
            Visibility
          </label>
          <select id={visibilityId} value={state.visibility} onChange={(e) => change({ visibility: e.target.value as VisibilityFilter })} className={`${inputField} mt-1 sm:w-36`}>
            <option value="all">All</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        </div>
      </div>

      {query.isError ? (
        <div className="mt-6">
          <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="stories-table">
            <caption className="sr-only">Your stories, sorted by {COLUMNS.find((c) => c.key === state.sort.key)?.label} ({state.sort.direction === 'asc' ? 'ascending' : 'descending'})</caption>
            <thead className="border-b border-line bg-subtle text-xs tracking-wide text-muted uppercase">
              <tr>
                {COLUMNS.map((column) => {
                  const active = state.sort.key === column.key;
                  const Icon = active ? (state.sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                  return (
                    <th key={column.key} scope="col" aria-sort={active ? (state.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={`px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}>
                      <button type="button" onClick={() => setState((s) => ({ ...s, sort: nextSort(s.sort, column.key) }))} className={`inline-flex items-center gap-1 rounded-sm uppercase hover:text-fg ${active ? 'text-fg' : ''} ${focusRing}`}>
                        {column.label}
                        <Icon aria-hidden className="size-3.5" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {query.isPending ? (
                <tr>
                  <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-muted">
                    Loading…
                  </td>
                </tr>
              ) : page.rows.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-muted">
                    {query.data.length === 0 ? 'You have no stories yet.' : 'No stories match.'}
                  </td>
                </tr>
              ) : (
                page.rows.map((row) => (
                  <tr key={row.id} className="hover:bg-subtle" data-testid="table-row">
                    <td className="max-w-[18rem] truncate px-3 py-2 font-medium">
                      <Link to={`/story/${row.id}`} className={`rounded-sm text-fg hover:underline ${focusRing}`}>
                        {row.title}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.wordCount)}</td>
                    <td className="px-3 py-2">
                      <span className="inline-flex items-center gap-1">
                        {row.public ? <Globe aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
                        {row.public ? 'Public' : 'Private'}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.likesCount)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.commentsCount)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.viewsCount)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            Rows per page
          </label>
          <select id={sizeId} value={state.pageSize} onChange={(e) => change({ pageSize: Number(e.target.value) })} className={`${inputField} w-20 py-1`}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <p aria-live="polite" data-testid="table-range">
          {page.from}–{page.to} of {formatNumber(page.total)}
        </p>
        <div className="flex items-center gap-2">
          <button type="button" className={`${secondaryButton} px-2 py-1`} disabled={page.page === 0} onClick={() => setState((s) => ({ ...s, page: page.page - 1 }))} aria-label="Previous page">
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <span>
            Page {page.page + 1} of {page.pageCount}
          </span>
          <button type="button" className={`${secondaryButton} px-2 py-1`} disabled={page.page >= page.pageCount - 1} onClick={() => setState((s) => ({ ...s, page: page.page + 1 }))} aria-label="Next page">
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    </section>
  );
}
