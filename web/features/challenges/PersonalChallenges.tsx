import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleSlash, Flag, Hourglass } from 'lucide-react';
import { formatDay } from '@common/calendar/calendar';
import { challengeOutcome, challengeSummary, projectionSentence, type Challenge } from '@common/challenges/challenges';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { card, secondaryButton } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { challengesQuery, useGiveUpChallenge } from './api';
import { ChallengeForm } from './ChallengeForm';

const title = (c: Pick<Challenge, 'words' | 'days'>) => `${formatNumber(c.words)} words in ${c.days} ${c.days === 1 ? 'day' : 'days'}`;

/** The own profile's personal challenges: the active one or the form, and those that ended. */
export function PersonalChallenges() {
  const query = useQuery(challengesQuery);
  const data = query.data;
  return (
    <section aria-labelledby="challenges-heading" className={card} data-testid="challenges">
      <h2 id="challenges-heading" className="text-lg font-semibold text-fg">
        Personal challenge
      </h2>
      {data ? (
        <>
          {data.active ? <ActiveChallenge challenge={data.active} today={data.today} /> : <ChallengeForm />}
          {data.past.length > 0 && <PastChallenges past={data.past} today={data.today} />}
        </>
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError message="Your challenges could not be loaded." onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <div aria-hidden className="mt-4 h-24 animate-pulse rounded-lg bg-subtle" data-testid="challenges-loading" />
      )}
    </section>
  );
}

function ActiveChallenge({ challenge, today }: { challenge: Challenge; today: string }) {
  const [confirming, setConfirming] = useState(false);
  const giveUp = useGiveUpChallenge();
  const sentence = projectionSentence(challenge, today);
  const late = challenge.projection?.inTime === false;
  return (
    <div className="mt-4" data-testid="active-challenge">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="inline-flex items-center gap-1.5 font-semibold text-fg">
          <Flag aria-hidden className="size-4 text-accent-ink" />
          {title(challenge)}
        </p>
        <p className="text-xs text-muted">
          {formatDay(challenge.startDay, today, { weekday: false })} to {formatDay(challenge.endDay, today, { weekday: false })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={`Challenge: ${title(challenge)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={challenge.percent}
        aria-valuetext={challengeSummary(challenge, challenge)}
        className="mt-3 h-3 overflow-hidden rounded-full bg-subtle"
        data-testid="challenge-progress"
      >
        <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${challenge.percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-fg tabular-nums" data-testid="challenge-summary">
        {challengeSummary(challenge, challenge)}
      </p>
      {sentence && (
        <p className={`mt-1 text-sm ${late ? 'text-amber-800 dark:text-amber-300' : 'text-muted'}`} data-testid="challenge-projection">
          {sentence}
        </p>
      )}
      <button type="button" className={`${secondaryButton} mt-4 px-3 py-1.5`} onClick={() => setConfirming(true)} disabled={giveUp.isPending} data-testid="give-up-challenge">
        Give up
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Give up this challenge?"
        description={`“${title(challenge)}” will end now and be listed as given up. You can start a new challenge afterwards.`}
        confirmLabel="Give up"
        tone="danger"
        onConfirm={() => giveUp.mutate(challenge.id)}
      />
    </div>
  );
}

const OUTCOME_ICONS = { completed: CheckCircle2, unfinished: Hourglass, abandoned: CircleSlash, active: Flag } as const;

function PastChallenges({ past, today }: { past: Challenge[]; today: string }) {
  return (
    <div className="mt-6">
      <h3 className="text-sm font-medium text-fg">Past challenges</h3>
      <ul className="mt-2 divide-y divide-line" data-testid="past-challenges">
        {past.map((c) => {
          const Icon = OUTCOME_ICONS[c.status];
          return (
            <li key={c.id} className="flex items-start gap-2 py-2 text-sm">
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${c.status === 'completed' ? 'text-green-700 dark:text-green-400' : 'text-muted'}`} />
              <span className="min-w-0">
                <span className="font-medium text-fg">{title(c)}</span>
                <span className="text-muted">
                  {' '}
                  from {formatDay(c.startDay, today, { weekday: false })}: {challengeOutcome(c, today)} ({formatNumber(c.wordsSoFar)} words)
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
