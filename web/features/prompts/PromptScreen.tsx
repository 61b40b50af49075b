import { useQuery } from '@tanstack/react-query';
import { CalendarX, ChevronLeft, ChevronRight, Lightbulb, PenLine, Sparkles } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { type PromptDayResponse } from '@common/prompts/prompts';
import { hasPromptPage, isDayKey, latestPromptDay, PROMPT_ARCHIVE_START, promptForDay, utcDayKey, type DayKey } from '@common/prompts/rules';
import { promptDayFeed } from '@common/feeds/feeds';
import { addDays } from '@common/streaks/rules';
import { card, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { FeedLink } from '../../components/FeedLink';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { useCurrentUser } from '../../lib/auth';
import { plural } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { loginPathFor } from '../../lib/safe-next';
import { StoryGrid } from '../stories';
import { isMissingPrompt, promptDayQuery, promptStoriesQuery } from './api';
import { formatPromptDay, promptWeekday } from './format';
import { PromptParts } from './PromptParts';

/** Where "Write to this prompt" goes: the editor, told which day's prompt the story answers. */
const writeToPromptPath = (day: DayKey) => `/story/new?promptDay=${day}`;

function PromptNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="prompt-not-found">
      <title>Prompt not found · Drabble</title>
      <CalendarX aria-hidden className="mx-auto size-10 text-muted" />
      <h1 id="screen-heading" className="mt-3 text-2xl font-bold text-fg">
        Prompt not found
      </h1>
      <p className="mt-2 text-muted">
        Daily prompts begin on {formatPromptDay(PROMPT_ARCHIVE_START)}, and each new one arrives at midnight UTC. Prompt pages are at
        /prompt/YYYY-MM-DD.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/prompts" className={primaryButton}>
          Past prompts
        </Link>
        <Link to={`/prompt/${utcDayKey(new Date())}`} className={secondaryButton}>
          Today’s prompt
        </Link>
      </div>
    </section>
  );
}

/** The day before and after, where they have pages. */
function DayNav({ day }: { day: DayKey }) {
  const previous = addDays(day, -1);
  const next = addDays(day, 1);
  const link = 'inline-flex min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-accent-ink hover:bg-subtle';
  return (
    <nav aria-label="Other days" className="flex items-center justify-between gap-2">
      {previous >= PROMPT_ARCHIVE_START ? (
        <Link to={`/prompt/${previous}`} className={link} data-testid="prompt-previous" aria-label={`Previous day: ${formatPromptDay(previous)}`}>
          <ChevronLeft aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{formatPromptDay(previous)}</span>
        </Link>
      ) : (
        <span />
      )}
      {next <= latestPromptDay(new Date()) && (
        <Link to={`/prompt/${next}`} className={link} data-testid="prompt-next" aria-label={`Next day: ${formatPromptDay(next)}`}>
          <span className="truncate">{formatPromptDay(next)}</span>
          <ChevronRight aria-hidden className="size-4 shrink-0" />
        </Link>
      )}
    </nav>
  );
}

function PromptCard({ day, info }: { day: DayKey; info: PromptDayResponse }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const today = utcDayKey(new Date());
  const label = day === today ? 'Today’s prompt' : day > today ? 'Tomorrow’s prompt' : 'Daily prompt';
  return (
    <div className={`${card} flex flex-col`} data-testid="prompt-card">
      <p className="flex items-center gap-2 text-sm font-semibold text-accent-ink">
        <Lightbulb aria-hidden className="size-4" />
        {label}
        <span className="font-normal text-muted">· {promptWeekday(day)}</span>
      </p>
      <h1 id="screen-heading" className="mt-1 text-2xl font-bold text-fg sm:text-3xl">
        {formatPromptDay(day)}
      </h1>
      <div className="mt-4">
        <PromptParts prompt={info.prompt} testIdPrefix="prompt" />
      </div>
      {info.answered && (
        <p className="mt-4 inline-flex items-center gap-2 self-start rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-soft-ink" data-testid="prompt-answered">
          You've answered this prompt ✓
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {user ? (
          <Link to={writeToPromptPath(day)} className={primaryButton} data-testid="write-to-prompt">
            <PenLine aria-hidden className="size-4" />
            Write to this prompt
          </Link>
        ) : (
          <Link to={loginPathFor(location.pathname)} className={primaryButton} data-testid="write-to-prompt-login">
            <PenLine aria-hidden className="size-4" />
            Log in to write to this prompt
          </Link>
        )}
        <Link to="/prompts" className={textLink}>
          Past prompts
        </Link>
        <FeedLink feed={promptDayFeed(day)} />
      </div>
    </div>
  );
}

function PromptDay({ day }: { day: DayKey }) {
  // The prompt itself is the same rule everywhere: shown at once, while the counts load.
  const query = useQuery({
    ...promptDayQuery(day),
    placeholderData: hasPromptPage(day, new Date()) ? (): PromptDayResponse => ({ date: day, prompt: promptForDay(day), answered: false, storiesCount: 0 }) : undefined,
  });
  const stories = usePagedList(promptStoriesQuery(day));
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) {
    return isMissingPrompt(query.error) ? <PromptNotFound /> : <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const info = query.data;
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-6">
      <title>{`Prompt of ${formatPromptDay(day)} · Drabble`}</title>
      <PromptCard day={day} info={info} />
      <DayNav day={day} />
      <section aria-labelledby="prompt-stories-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="prompt-stories-heading" className="text-xl font-bold text-fg">
            Stories written to it
          </h2>
          {!query.isPlaceholderData && (
            <p className="text-sm text-muted" data-testid="prompt-stories-count">
              {plural(info.storiesCount, 'public story', 'public stories')}
            </p>
          )}
        </div>
        <div className="mt-4">
          <StoryGrid
            list={stories}
            label={`Stories written to the prompt of ${formatPromptDay(day)}`}
            empty={
              <EmptyState icon={<Sparkles aria-hidden className="size-6" />} title="No public stories for this prompt yet.">
                Stories appear here when writers answer it and make them public.
              </EmptyState>
            }
          />
        </div>
      </section>
    </section>
  );
}

/**
 * /prompt/:date: a day's prompt, the way into the editor with it, and the public stories
 * written to it. Guests read it too. The server has the last word on which days have a page.
 */
export function PromptScreen() {
  const { date = '' } = useParams();
  if (!isDayKey(date)) return <PromptNotFound />;
  return <PromptDay key={date} day={date} />;
}
