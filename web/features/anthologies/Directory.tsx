import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookCopy, Plus, SearchX } from 'lucide-react';
import { ANTHOLOGY_TEXTS } from '@common/anthologies/anthologies';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { SearchField } from '../../components/SearchField';
import { CenteredSpinner } from '../../components/Spinner';
import { primaryButton } from '../../components/ui';
import { useAddressFilters } from '../../lib/address-filters';
import { useCurrentUser } from '../../lib/auth';
import { usePagedList } from '../../lib/paged-list';
import { directoryQuery, myAnthologiesQuery } from './api';
import { AnthologyGrid } from './AnthologyCard';
import { NewAnthologyDialog } from './NewAnthologyDialog';

/** The signed-in member's own: the anthologies they edit, then those they follow; nothing while there are none. */
function MyAnthologies() {
  const mine = useQuery(myAnthologiesQuery()).data;
  if (!mine) return null;
  const sections = [
    { key: 'editing', title: ANTHOLOGY_TEXTS.editing, anthologies: mine.editing },
    { key: 'following', title: ANTHOLOGY_TEXTS.following, anthologies: mine.following },
  ].filter((s) => s.anthologies.length > 0);
  return sections.map((s) => (
    <section key={s.key} aria-labelledby={`anthologies-${s.key}-heading`} className="mt-8" data-testid={`anthologies-${s.key}`}>
      <h2 id={`anthologies-${s.key}-heading`} className="mb-4 text-xl font-bold text-fg">
        {s.title}
      </h2>
      <AnthologyGrid anthologies={s.anthologies} label={s.title} testId={`anthologies-${s.key}-list`} />
    </section>
  ));
}

/** /anthologies: every anthology a guest may see, searched by title and description, with the member's own above. */
export function Directory() {
  const { params, typed, setTyped } = useAddressFilters();
  const q = params.get('q') ?? '';
  const { user } = useCurrentUser();
  const member = user !== null && !user.awaitingApproval;
  const searchId = useId();
  const [creating, setCreating] = useState(false);
  const list = usePagedList({ ...directoryQuery(q), placeholderData: keepPreviousData });
  const anthologies = list.items ?? [];

  return (
    <section aria-labelledby="screen-heading" data-testid="anthologies-directory">
      <title>{`${ANTHOLOGY_TEXTS.heading} · Drabble`}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
            {ANTHOLOGY_TEXTS.heading}
          </h1>
          <p className="mt-1 text-muted">{ANTHOLOGY_TEXTS.directoryIntro}</p>
        </div>
        {member && (
          <button type="button" className={primaryButton} onClick={() => setCreating(true)} data-testid="new-anthology">
            <Plus aria-hidden className="size-4" />
            {ANTHOLOGY_TEXTS.newAnthology}
          </button>
        )}
      </div>

      {member && q === '' && <MyAnthologies />}

      <h2 className="mt-8 mb-4 text-xl font-bold text-fg">
        All anthologies
      </h2>
      <div className="rounded-xl border border-line bg-surface p-4" role="search">
        <SearchField id={searchId} label={ANTHOLOGY_TEXTS.searchLabel} value={typed} onChange={setTyped} maxLength={100} placeholder="Words in a title or description" testId="anthologies-search" />
      </div>

      <div className={`mt-6 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={list.isFetching}>
        {list.status === 'pending' ? (
          <CenteredSpinner />
        ) : list.status === 'error' && !list.items ? (
          <LoadError message={list.error.message} onRetry={list.refetch} />
        ) : anthologies.length === 0 ? (
          q ? (
            <EmptyState icon={<SearchX aria-hidden className="size-6" />} title={ANTHOLOGY_TEXTS.noneFound}>
              Try other words.
            </EmptyState>
          ) : (
            <EmptyState icon={<BookCopy aria-hidden className="size-6" />} title={ANTHOLOGY_TEXTS.noneYet} />
          )
        ) : (
          <>
            <AnthologyGrid anthologies={anthologies} label={q ? `Anthologies matching “${q}”` : 'All anthologies'} testId="anthologies-list" />
            <LoadMore list={list} className="mt-6 flex justify-center" testId="anthologies-load-more" failure="Could not load more anthologies. Please try again." />
          </>
        )}
      </div>
      {member && <NewAnthologyDialog open={creating} onOpenChange={setCreating} />}
    </section>
  );
}
