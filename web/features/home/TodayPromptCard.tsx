import { Lightbulb, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { card, primaryButton } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useTodayPrompt } from '../stories';

/** Everyone's prompt for today, with the way into the editor for signed-in writers. */
export function TodayPromptCard({ signedIn }: { signedIn: boolean }) {
  const { data } = useTodayPrompt();
  if (!data) return null;
  return (
    <section aria-labelledby="today-prompt-heading" className={`${card} flex flex-col`} data-testid="today-prompt">
      <div className="flex items-center gap-2 text-sm font-semibold text-accent-ink">
        <Lightbulb aria-hidden className="size-4" />
        <h2 id="today-prompt-heading">Today’s prompt</h2>
        <span className="font-normal text-muted">· {formatDate(`${data.date}T12:00:00Z`)}</span>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {(['genre', 'theme', 'twist'] as const).map((part) => (
          <div key={part} className="rounded-lg bg-subtle p-3">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{part}</dt>
            <dd className="mt-1 font-medium text-fg" data-testid={`today-${part}`}>
              {data.prompt[part]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted">
        The same prompt for every writer today. Use all three parts or only the one that sparks something; a new prompt arrives at
        midnight UTC.
      </p>
      {signedIn && (
        <Link to="/story/new" className={`${primaryButton} mt-5 self-start`} data-testid="write-with-prompt">
          <PenLine aria-hidden className="size-4" />
          Write with this prompt
        </Link>
      )}
    </section>
  );
}
