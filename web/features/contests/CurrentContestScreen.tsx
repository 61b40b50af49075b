import { useQuery } from '@tanstack/react-query';
import { PenLine, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { primaryButton, textLink } from '../../components/ui';
import { currentContestsQuery, enterContestPath } from './api';
import { ContestCard } from './parts';

/** /contest: this week's contest and the one being voted on (they overlap Monday to Wednesday), and the latest results. */
export function CurrentContestScreen() {
  const query = useQuery(currentContestsQuery);
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <LoadError message="Could not load the contests." onRetry={() => void query.refetch()} />;
  const { contests, latestResults } = query.data;
  // The one open for entries; should an admin's run beside the automatic one (which had entries
  // before the admin's was made), the admin's, which opened later (the list is in opening order).
  const open = contests.filter((c) => c.phase === 'entry').at(-1);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>Weekly contest · Drabble</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
            <Trophy aria-hidden className="size-6 text-accent-ink" />
            Weekly contest
          </h1>
          <p className="mt-1 text-muted">Write a perfect drabble to the week’s prompt. Readers vote, anonymously, and the results are revealed when voting closes.</p>
        </div>
        {open && (
          <Link to={enterContestPath(open.id)} className={primaryButton} data-testid="enter-contest">
            <PenLine aria-hidden className="size-4" />
            Enter this week’s contest
          </Link>
        )}
      </header>
      {contests.length === 0 ? (
        <EmptyState icon={<Trophy aria-hidden className="size-6" />} title="No contest is running right now." />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Current contests">
          {contests.map((c) => (
            <li key={c.id}>
              <ContestCard contest={c} />
            </li>
          ))}
        </ul>
      )}
      {latestResults && (
        <section aria-labelledby="latest-heading" className="flex flex-col gap-3">
          <h2 id="latest-heading" className="text-lg font-semibold text-fg">
            Latest results
          </h2>
          <ContestCard contest={latestResults} />
        </section>
      )}
      <Link to="/contests" className={`${textLink} self-start`}>
        Past contests
      </Link>
    </div>
  );
}
