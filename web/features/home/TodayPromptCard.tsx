import { useQuery } from '@tanstack/react-query';
import { Lightbulb, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { card, primaryButton, textLink } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { promptDayQuery, PromptParts } from '../prompts';
import { useTodayPrompt } from '../stories';

/** Everyone's prompt for today, with the way into the editor for signed-in writers. */
export function TodayPromptCard({ signedIn }: { signedIn: boolean }) {
  const { data } = useTodayPrompt();
  // Today's page answers "answered" afresh after every story saved (its key is under ['stories']).
  const page = useQuery({ ...promptDayQuery(data?.date ?? ''), enabled: signedIn && data !== undefined });
  if (!data) return null;
  const answered = signedIn && page.data?.date === data.date && page.data.answered;
  return (
    <section aria-labelledby="today-prompt-heading" className={`${card} flex flex-col`} data-testid="today-prompt">
      <div className="flex items-center gap-2 text-sm font-semibold text-accent-ink">
        <Lightbulb aria-hidden className="size-4" />
        <h2 id="today-prompt-heading">Today’s prompt</h2>
        <span className="font-normal text-muted">· {formatDate(`${data.date}T12:00:00Z`)}</span>
      </div>
      <div className="mt-4">
        <PromptParts prompt={data.prompt} testIdPrefix="today" />
      </div>
      <p className="mt-4 text-sm text-muted">
        The same prompt for every writer today. Use all three parts or only the one that sparks something; a new prompt arrives at
        midnight UTC.
      </p>
      {answered && (
        <p className="mt-4 self-start rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-soft-ink" data-testid="today-answered">
          You've answered today ✓
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
        {signedIn && (
          <Link to="/story/new" className={primaryButton} data-testid="write-with-prompt">
            <PenLine aria-hidden className="size-4" />
            Write with this prompt
          </Link>
        )}
        <Link to={`/prompt/${data.date}`} className={textLink} data-testid="today-prompt-page">
          Stories written to it
        </Link>
        <Link to="/prompts" className={textLink} data-testid="past-prompts">
          Past prompts
        </Link>
      </div>
    </section>
  );
}
