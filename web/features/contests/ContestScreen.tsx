import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Medal, PenLine, Trophy, Vote } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { CONTEST_TEXTS, CONTEST_VOTES_MAX, isPodium, placeText, type ContestEntry, type ContestPage } from '@common/contests/contests';
import { CONTENT_WARNING_TEXTS } from '@common/stories/content-warning-rules';
import { isPerfectDrabble } from '@common/stories/words';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, inputField, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { loginPathFor } from '../../lib/safe-next';
import { ContentWarningList, ShowStoryButton, storyRowsQuery, useTextGate } from '../stories';
import { contestPageQuery, enterContestPath, useEntryMutation, useVoteMutation } from './api';
import { Countdown, PhaseBadge } from './parts';

/** /contests/:id: the contest, its entries (anonymous and shuffled until the reveal) and then its results. */
export function ContestScreen() {
  const { id = '' } = useParams();
  const query = useQuery(contestPageQuery(id));
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState icon={<Trophy aria-hidden className="size-6" />} title="Contest not found">
          <Link to="/contests" className={textLink}>
            Past contests
          </Link>
        </EmptyState>
      );
    }
    return <LoadError message="Could not load the contest." onRetry={() => void query.refetch()} />;
  }
  return <Contest page={query.data} />;
}

function Contest({ page }: { page: ContestPage }) {
  const { contest } = page;
  const revealed = contest.phase === 'closed' && !contest.resultsPending;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{`${contest.title} · Contest · Drabble`}</title>
      <section className={card} aria-labelledby="screen-heading" data-testid="contest-header">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
            <Trophy aria-hidden className="size-6 text-accent-ink" />
            {contest.title}
          </h1>
          <PhaseBadge phase={contest.phase} />
        </div>
        <p className="mt-1 text-sm font-semibold text-accent-ink">The prompt</p>
        <p className="mt-1 font-serif text-xl text-fg" data-testid="contest-prompt">
          {contest.prompt}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <Countdown contest={contest} />
          <nav aria-label="Contests" className="flex gap-3 text-sm">
            <Link to="/contest" className={textLink}>
              This week
            </Link>
            <Link to="/contests" className={textLink}>
              Past contests
            </Link>
          </nav>
        </div>
      </section>
      {contest.phase === 'entry' && <EntryPanel page={page} />}
      {contest.phase === 'voting' && <VotingNote page={page} />}
      <section aria-labelledby="entries-heading" className="flex flex-col gap-4">
        <h2 id="entries-heading" className="text-xl font-semibold text-fg">
          {revealed ? 'Results' : `Entries (${formatNumber(page.entries.length)})`}
        </h2>
        {contest.resultsPending ? (
          <p className="text-sm text-muted" role="status" data-testid="results-pending">
            {CONTEST_TEXTS.resultsPending}
          </p>
        ) : (
          !revealed && page.entries.length > 0 && <p className="text-sm text-muted">Entries are anonymous, in an order shuffled for you, until voting closes.</p>
        )}
        {page.entries.length === 0 ? (
          <EmptyState icon={<PenLine aria-hidden className="size-6" />} title={contest.phase === 'upcoming' ? 'Entries open soon.' : 'No entries yet.'} />
        ) : (
          <ol className="flex flex-col gap-4" data-testid="contest-entries">
            {page.entries.map((entry) => (
              <li key={entry.storyId}>
                <EntryCard contestId={contest.id} entry={entry} page={page} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function SignInToTakePart() {
  const location = useLocation();
  return (
    <p className="text-sm text-muted">
      <Link to={loginPathFor(location.pathname)} className={textLink}>
        Log in
      </Link>{' '}
      to enter and vote.
    </p>
  );
}

/** While entries are open: write an entry, choose one of the writer's stories, replace or withdraw it. */
function EntryPanel({ page }: { page: ContestPage }) {
  const { user } = useCurrentUser();
  const { contest } = page;
  const entry = useEntryMutation(contest.id);
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <section className={card} aria-labelledby="enter-heading" data-testid="contest-entry-panel">
      <h2 id="enter-heading" className="text-lg font-semibold text-fg">
        Your entry
      </h2>
      <p className="mt-1 text-sm text-muted">One story of exactly 100 words, written this week. You can replace or withdraw it until entries close.</p>
      <div className="mt-4 flex flex-col gap-3">
        {!user ? (
          <SignInToTakePart />
        ) : page.enterRefusal ? (
          <p className="text-sm text-fg" data-testid="contest-enter-refusal">
            {page.enterRefusal}
          </p>
        ) : (
          <>
            {page.myEntry ? (
              <div className="flex flex-wrap items-center gap-3" data-testid="contest-my-entry">
                <p className="text-fg">
                  Entered:{' '}
                  <Link to={`/story/${page.myEntry.storyId}`} className={textLink}>
                    {page.myEntry.title}
                  </Link>
                </p>
                <button type="button" className={secondaryButton} disabled={entry.isPending} onClick={() => setWithdrawing(true)}>
                  Withdraw
                </button>
                <ConfirmDialog
                  open={withdrawing}
                  onOpenChange={setWithdrawing}
                  title={CONTEST_TEXTS.withdrawTitle}
                  description={CONTEST_TEXTS.withdrawConfirm}
                  confirmLabel="Withdraw"
                  tone="danger"
                  onConfirm={() => entry.mutate(null)}
                />
              </div>
            ) : (
              <Link to={enterContestPath(contest.id)} className={`${primaryButton} self-start`} data-testid="contest-write-entry">
                <PenLine aria-hidden className="size-4" />
                Enter this week’s contest
              </Link>
            )}
            <ChooseStory page={page} pending={entry.isPending} onChoose={(storyId) => entry.mutate(storyId)} />
          </>
        )}
      </div>
    </section>
  );
}

/** The writer's own perfect drabbles written during the entry window, to enter (or to replace the entry with). */
function ChooseStory({ page, pending, onChoose }: { page: ContestPage; pending: boolean; onChoose: (storyId: string) => void }) {
  const rows = useQuery(storyRowsQuery());
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const { contest } = page;
  const eligible = (rows.data ?? []).filter(
    (r) => isPerfectDrabble(r.wordCount) && r.createdAt >= contest.entryOpensAt && r.createdAt < contest.entryClosesAt && r.id !== page.myEntry?.storyId,
  );
  if (eligible.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onChoose(chosen);
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-fg">
          {page.myEntry ? 'Replace it with another of your stories' : 'Or choose one of your stories from this week'}
        </label>
        <select id={selectId} className={`${inputField} mt-1`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a story…</option>
          {eligible.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={secondaryButton} disabled={!chosen || pending}>
        {page.myEntry ? 'Replace entry' : 'Enter this story'}
      </button>
    </form>
  );
}

function VotingNote({ page }: { page: ContestPage }) {
  const { user } = useCurrentUser();
  return (
    <section className={`${card} flex items-start gap-3`} aria-label="Your votes" data-testid="contest-votes-note">
      <Vote aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-ink" />
      {!user ? (
        <SignInToTakePart />
      ) : page.voteRefusal ? (
        <p className="text-sm text-fg">{page.voteRefusal}</p>
      ) : (
        <p className="text-sm text-fg" data-testid="contest-votes-left">
          You have {page.votesLeft} of {CONTEST_VOTES_MAX} votes left. Give each to a different entry; you can change them until voting closes.
        </p>
      )}
    </section>
  );
}

const PLACE_TONES = ['', 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100', 'bg-subtle text-fg', 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100'];

/**
 * An entry carrying a warning the reader chose never to see: its lists leave such stories out,
 * but here it stays in the count and the vote, so it is folded, with its warnings, until asked for.
 */
function FoldedEntry({ entry, onShow }: { entry: ContestEntry; onShow: () => void }) {
  return (
    <article className={card} aria-label={CONTEST_TEXTS.filteredEntry} data-testid="contest-entry-folded">
      <p className="text-sm text-muted">{CONTEST_TEXTS.filteredEntry}</p>
      <ContentWarningList story={entry} className="mt-3" />
      <button type="button" className={`${secondaryButton} mt-3`} onClick={onShow}>
        {CONTEST_TEXTS.showFilteredEntry}
      </button>
    </article>
  );
}

function EntryCard({ contestId, entry, page }: { contestId: string; entry: ContestEntry; page: ContestPage }) {
  const [unfolded, setUnfolded] = useState(false);
  if (entry.filtered && !unfolded) return <FoldedEntry entry={entry} onShow={() => setUnfolded(true)} />;
  return <OpenEntry contestId={contestId} entry={entry} page={page} />;
}

function OpenEntry({ contestId, entry, page }: { contestId: string; entry: ContestEntry; page: ContestPage }) {
  const { user } = useCurrentUser();
  // An anonymous entry has no uid to compare: only the reader's own is theirs.
  const gate = useTextGate({ ...entry, uid: entry.mine && user ? user.uid : (entry.author?.uid ?? '') });
  const vote = useVoteMutation(contestId);
  const canVote = page.contest.phase === 'voting' && page.voteRefusal === null && !entry.mine;
  const full = page.votesLeft === 0 && !entry.voted;
  const podium = entry.place !== null && isPodium(entry.place);
  return (
    <article className={`${card} ${podium ? 'border-accent-500' : ''}`} aria-labelledby={`entry-${entry.storyId}`} data-testid="contest-entry">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {entry.place !== null && (
            <p className={`mb-2 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${PLACE_TONES[entry.place] ?? 'bg-subtle text-muted'}`} data-testid="entry-place">
              {podium && <Medal aria-hidden className="size-3.5" />}
              {entry.place === 1 ? 'Winner' : podium ? `Runner-up · ${placeText(entry.place)}` : placeText(entry.place)}
            </p>
          )}
          <h3 id={`entry-${entry.storyId}`} className="font-serif text-xl font-bold break-words text-fg">
            {entry.author ? (
              <Link to={`/story/${entry.storyId}`} className="hover:underline">
                {entry.title}
              </Link>
            ) : (
              entry.title
            )}
          </h3>
          {entry.author && (
            <Link to={`/user/${entry.author.uid}`} className="mt-2 flex items-center gap-2 text-sm font-medium text-fg hover:underline" data-testid="entry-author">
              <Avatar person={{ displayName: entry.author.displayName, profileIcon: entry.author.profileIcon, profileImage: entry.author.profileImage }} size="sm" />
              {entry.author.displayName}
            </Link>
          )}
        </div>
        <div className="flex items-center gap-2">
          {entry.mine && <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-soft-ink">Your entry</span>}
          {entry.votes !== null && (
            <span className="text-sm font-semibold text-fg" data-testid="entry-votes">
              {formatNumber(entry.votes)} {entry.votes === 1 ? 'vote' : 'votes'}
            </span>
          )}
        </div>
      </header>
      <ContentWarningList story={entry} className="mt-3" />
      {gate.hidden ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted">{CONTENT_WARNING_TEXTS.hiddenUntilChosen}</p>
          <ShowStoryButton onShow={gate.show} />
        </div>
      ) : (
        <p className="mt-3 font-serif whitespace-pre-line text-fg">{entry.content}</p>
      )}
      {canVote && (
        <button
          type="button"
          className={`${entry.voted ? primaryButton : secondaryButton} mt-4`}
          aria-pressed={entry.voted}
          disabled={vote.isPending || full}
          onClick={() => vote.mutate({ storyId: entry.storyId, give: !entry.voted })}
        >
          <Vote aria-hidden className="size-4" />
          {entry.voted ? 'Voted' : 'Vote'}
        </button>
      )}
    </article>
  );
}
