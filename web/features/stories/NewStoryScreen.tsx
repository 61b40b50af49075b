import { useState } from 'react';
import { CalendarDays, CircleAlert, Trophy } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type PromptInput } from '@common/prompts/prompts';
import { hasPromptPage, isDayKey, PROMPT_ARCHIVE_START, promptForDay, type DayKey } from '@common/prompts/rules';
import { textLink } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { contestPageQuery } from '../contests';
import { formatPromptDay } from '../prompts';
import { useTodayPrompt } from './api/progress';
import type { EditorBase } from './editor/useStoryEditor';
import { StoryEditor } from './editor/StoryEditor';

/** What ?promptDay= asks for: nothing, a day with a prompt page, or a day without one (why, in words). */
type PromptDayRequest = { kind: 'none' } | { kind: 'day'; day: DayKey } | { kind: 'refused'; message: string };

function readPromptDay(value: string | null, now: Date): PromptDayRequest {
  if (value === null || value === '') return { kind: 'none' };
  const without = 'so this story starts without a prompt. Pick one below if you like.';
  if (!isDayKey(value)) return { kind: 'refused', message: `The link’s prompt day is not a date written YYYY-MM-DD, ${without}` };
  if (hasPromptPage(value, now)) return { kind: 'day', day: value };
  return value < PROMPT_ARCHIVE_START
    ? { kind: 'refused', message: `There is no daily prompt for ${formatPromptDay(value)}, ${without}` }
    : { kind: 'refused', message: `The prompt for ${formatPromptDay(value)} is not out yet, ${without}` };
}

/**
 * /story/new: a private story with today's prompt attached, unless a draft says otherwise.
 * From a prompt page (?promptDay=YYYY-MM-DD) it carries that day's prompt and tells the
 * server which day it answers; a day without a prompt starts with none and says why.
 */
export function NewStoryScreen() {
  const [params] = useSearchParams();
  const requested = params.get('promptDay');
  const contest = params.get('contest');
  if (contest) return <NewContestEntry key={contest} contestId={contest} />;
  // Another address remounts the editor: its draft is kept on the way out and restored on the way in.
  return <NewStory key={requested ?? ''} requested={requested} />;
}

function NewStory({ requested }: { requested: string | null }) {
  const today = useTodayPrompt();
  const todayPrompt = today.data!.prompt;
  // Fixed at opening: the editor compares against it to know what is unsaved.
  const [{ base, request }] = useState(() => {
    const request = readPromptDay(requested, new Date());
    const prompt: PromptInput | null = request.kind === 'day' ? promptForDay(request.day) : request.kind === 'refused' ? null : todayPrompt;
    const base: EditorBase = {
      storyId: null,
      updatedAt: null,
      fields: { title: '', content: '', prompt, public: false, contentWarnings: [], contentWarningNote: '', tags: [] },
      ...(request.kind === 'day' ? { promptDay: request.day } : {}),
    };
    return { base, request };
  });
  return (
    <>
      <title>New Story · Drabble</title>
      {request.kind === 'day' && (
        <p className="mx-auto mb-3 flex max-w-6xl items-center gap-2 text-sm text-muted" data-testid="writing-to-prompt">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-accent-ink" />
          <span>
            Writing to the{' '}
            <Link to={`/prompt/${request.day}`} className={textLink}>
              prompt of {formatPromptDay(request.day)}
            </Link>
          </span>
        </p>
      )}
      {request.kind === 'refused' && (
        <div role="status" className="mx-auto mb-4 flex max-w-6xl items-start gap-2 rounded-xl border border-line bg-subtle px-4 py-3 text-sm text-fg" data-testid="prompt-day-refused">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-ink" />
          <p>
            {request.message}{' '}
            <Link to="/prompts" className={textLink}>
              Past prompts
            </Link>
          </p>
        </div>
      )}
      <StoryEditor base={base} savedWordCount={null} todayPrompt={todayPrompt} heading="New Story" cancelTo={request.kind === 'day' ? `/prompt/${request.day}` : '/stories'} />
    </>
  );
}

/**
 * /story/new?contest=<id> ("Enter this week's contest"): a new story written for the
 * contest, with its prompt above the editor (and attached, when it is a daily prompt). Saving
 * keeps it private and enters it; entering publishes it without the writer's name.
 */
function NewContestEntry({ contestId }: { contestId: string }) {
  const today = useTodayPrompt();
  const query = useQuery(contestPageQuery(contestId));
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <LoadError message="Could not load the contest." onRetry={() => void query.refetch()} />;
  const { contest, enterRefusal } = query.data;
  // Said before a word is written: an account too new (or entries closed) could not enter what it wrote.
  if (enterRefusal) {
    return (
      <div className="mx-auto max-w-xl" data-testid="contest-enter-refusal">
        <title>Contest entry · Drabble</title>
        <h1 id="screen-heading" className="sr-only">
          Contest entry
        </h1>
        <EmptyState icon={<Trophy aria-hidden className="size-6" />} title={enterRefusal}>
          <div className="flex flex-wrap justify-center gap-4">
            <Link to={`/contests/${contest.id}`} className={textLink}>
              Back to the contest
            </Link>
            <Link to="/story/new" className={textLink}>
              Write a story instead
            </Link>
          </div>
        </EmptyState>
      </div>
    );
  }
  const prompt = contest.promptDay ? promptForDay(contest.promptDay) : null;
  const base: EditorBase = {
    storyId: null,
    updatedAt: null,
    contestId: contest.id,
    fields: { title: '', content: '', prompt, public: false, contentWarnings: [], contentWarningNote: '', tags: [] },
  };
  return (
    <>
      <title>Contest entry · Drabble</title>
      <div className="mx-auto mb-4 flex max-w-6xl items-start gap-2 rounded-xl border border-line bg-subtle px-4 py-3 text-sm text-fg" data-testid="writing-for-contest">
        <Trophy aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-ink" />
        <p>
          Writing for the{' '}
          <Link to={`/contests/${contest.id}`} className={textLink}>
            {contest.title} contest
          </Link>
          : <span className="font-semibold">{contest.prompt}</span>. Exactly 100 words.
        </p>
      </div>
      <StoryEditor base={base} savedWordCount={null} todayPrompt={today.data!.prompt} heading="Contest entry" cancelTo={`/contests/${contest.id}`} />
    </>
  );
}
