import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { CONTEST_PHASE_LABELS, countdownText, phaseDeadline, type ContestPhase, type ContestSummary } from '@common/contests/contests';
import { card, focusRing } from '../../components/ui';
import { formatDateTime, formatNumber } from '../../lib/format';
import { contestKeys } from './api';

const PHASE_TONES: Record<ContestPhase, string> = {
  upcoming: 'bg-subtle text-muted',
  entry: 'bg-accent-soft text-accent-soft-ink',
  between: 'bg-subtle text-fg',
  voting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  closed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
};

export function PhaseBadge({ phase }: { phase: ContestPhase }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${PHASE_TONES[phase]}`} data-testid="contest-phase">
      {CONTEST_PHASE_LABELS[phase]}
    </span>
  );
}

/** Now, moving on every second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The longest delay setTimeout keeps (about 24.8 days); a later deadline is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;
/** A server whose clock is a little behind answers with the old phase: asked again after this long. */
const ASK_AGAIN_MS = 10_000;

/**
 * When the phase's deadline passes, the contests are read again, so an open page moves on to
 * "Voting opens soon", the votes or the results by itself rather than standing at "0 seconds".
 */
function useNextPhase(at: string | null) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const left = Date.parse(at) - Date.now();
    const timer = window.setTimeout(
      () => {
        if (Date.parse(at) <= Date.now()) void queryClient.invalidateQueries({ queryKey: contestKeys.all });
        setAsked((n) => n + 1);
      },
      left > 0 ? Math.min(left, LONGEST_TIMEOUT_MS) : ASK_AGAIN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [at, asked, queryClient]);
}

/** "Entries close in 2 days 4 hours", with the instant itself in the reader's time zone. */
export function Countdown({ contest }: { contest: ContestSummary }) {
  const now = useNow();
  const deadline = phaseDeadline(contest);
  useNextPhase(deadline?.at ?? null);
  if (!deadline) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted" data-testid="contest-countdown">
      <Clock aria-hidden className="size-4 shrink-0 text-accent-ink" />
      <span className="font-semibold text-fg">
        {deadline.label} {countdownText(new Date(deadline.at).getTime() - now)}
      </span>
      <span>({formatDateTime(deadline.at)})</span>
    </p>
  );
}

/** A contest in a list: its week, phase, prompt and entries, leading to its page. */
export function ContestCard({ contest }: { contest: ContestSummary }) {
  return (
    <Link to={`/contests/${contest.id}`} className={`${card} block hover:border-accent-500 ${focusRing}`} data-testid="contest-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
          <Trophy aria-hidden className="size-5 text-accent-ink" />
          {contest.title}
        </h2>
        <PhaseBadge phase={contest.phase} />
      </div>
      <p className="mt-2 text-fg">{contest.prompt}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Countdown contest={contest} />
        <span className="text-sm text-muted">
          {formatNumber(contest.entriesCount)} {contest.entriesCount === 1 ? 'entry' : 'entries'}
        </span>
      </div>
    </Link>
  );
}
