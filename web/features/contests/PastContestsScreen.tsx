import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { textLink } from '../../components/ui';
import { pastContestsQuery } from './api';
import { ContestCard } from './parts';

/** /contests: the contests whose results are out, newest first. */
export function PastContestsScreen() {
  const query = useQuery(pastContestsQuery);
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <LoadError message="Could not load the past contests." onRetry={() => void query.refetch()} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>Past contests · Drabble</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
          <Trophy aria-hidden className="size-6 text-accent-ink" />
          Past contests
        </h1>
        <Link to="/contest" className={textLink}>
          This week’s contest
        </Link>
      </header>
      {query.data.contests.length === 0 ? (
        <EmptyState icon={<Trophy aria-hidden className="size-6" />} title="No results yet." />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Past contests">
          {query.data.contests.map((c) => (
            <li key={c.id}>
              <ContestCard contest={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
