import { useEffect, useId, useState } from 'react';
import { SearchX, Sparkles } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { SearchField } from '../../components/SearchField';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { searchQuery, suggestionsQuery } from './api';
import { WriterRow } from './WriterRow';
import { WriterList } from './WriterList';
import { SEARCH_DELAY_MS } from '../../lib/address-filters';

const SEARCH_MAX = 100;

/** Writers followed by the people I follow, ranked by how many of them do. */
function Suggestions() {
  const query = useQuery(suggestionsQuery);
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState icon={<Sparkles aria-hidden className="size-6" />} title="No suggestions yet.">
        Follow a few writers: the people they follow show up here. Or search by name above.
      </EmptyState>
    );
  }
  return (
    <div className="rounded-xl border border-line bg-surface p-4 sm:p-6">
      <ul aria-label="Suggested writers" className="divide-y divide-line">
        {query.data.map((writer) => (
          <WriterRow key={writer.uid} writer={writer} />
        ))}
      </ul>
    </div>
  );
}

function Results({ q }: { q: string }) {
  const list = usePagedList({ ...searchQuery(q), placeholderData: keepPreviousData });
  return (
    <WriterList
      list={list}
      label={`Writers named like “${q}”`}
      empty={{ icon: <SearchX aria-hidden className="size-6" />, title: `No writers match “${q}”.`, hint: 'Check the spelling, or try part of the name.' }}
    />
  );
}

/** Find writers: search by name once typing pauses; suggestions while the box is empty. */
export function FindWriters() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const inputId = useId();

  useEffect(() => {
    const next = typed.trim();
    if (next === q) return undefined;
    const timer = window.setTimeout(() => setQ(next), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, q]);

  return (
    <div className="space-y-4">
      <div role="search" className="rounded-xl border border-line bg-surface p-4">
        <SearchField
          id={inputId}
          label="Search writers by name"
          value={typed}
          onChange={setTyped}
          maxLength={SEARCH_MAX}
          placeholder="Name"
          testId="writer-search"
        />
      </div>
      {q ? (
        <Results q={q} />
      ) : (
        <section aria-labelledby={`${inputId}-suggested`}>
          <h2 id={`${inputId}-suggested`} className="mb-3 text-lg font-semibold text-fg">
            Suggested for you
          </h2>
          <Suggestions />
        </section>
      )}
    </div>
  );
}
