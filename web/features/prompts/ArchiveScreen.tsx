import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { type PromptArchiveEntry } from '@common/prompts/prompts';
import { PROMPT_ARCHIVE_START, utcDayKey } from '@common/prompts/rules';
import { focusRing } from '../../components/ui';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { plural } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { promptArchiveQuery } from './api';
import { formatPromptDay, promptWeekday } from './format';

function ArchiveRow({ entry, today }: { entry: PromptArchiveEntry; today: string }) {
  const { prompt, storiesCount } = entry;
  return (
    <li>
      <Link
        to={`/prompt/${entry.date}`}
        className={`flex items-center gap-3 rounded-lg px-4 py-3 hover:bg-subtle ${focusRing}`}
        data-testid="archive-entry"
        data-date={entry.date}
      >
        {/* The count goes under the prompt on a phone, to its right on wider screens. */}
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-fg">
              <span>{formatPromptDay(entry.date)}</span>
              <span className="text-sm font-normal text-muted">{entry.date === today ? 'Today' : promptWeekday(entry.date)}</span>
            </p>
            <p className="mt-0.5 text-sm text-fg">
              {prompt.genre} · {prompt.theme} · {prompt.twist}
            </p>
          </div>
          <span className={`text-sm tabular-nums sm:shrink-0 ${storiesCount > 0 ? 'font-medium text-accent-ink' : 'text-muted'}`}>
            {storiesCount > 0 ? plural(storiesCount, 'story', 'stories') : 'No stories yet'}
          </span>
        </div>
        <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" />
      </Link>
    </li>
  );
}

/** /prompts: every day's prompt, newest first, with how many public stories answer it. Guests read it too. */
export function ArchiveScreen() {
  const list = usePagedList(promptArchiveQuery());
  const today = utcDayKey(new Date());
  return (
    <section aria-labelledby="screen-heading">
      <title>Past prompts · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Past prompts
      </h1>
      <p className="mt-1 text-muted">Every daily prompt since {formatPromptDay(PROMPT_ARCHIVE_START)}, and the stories written to it. Any of them can still be answered.</p>
      <div className="mt-6" aria-busy={list.isFetching}>
        {list.status === 'pending' ? (
          <div className="h-96 animate-pulse rounded-xl border border-line bg-surface" aria-hidden data-testid="archive-loading" />
        ) : list.status === 'error' ? (
          <LoadError message={list.error.message} onRetry={list.refetch} />
        ) : (
          <>
            <ul aria-label="Daily prompts" className="divide-y divide-line rounded-xl border border-line bg-surface p-1 shadow-sm" data-testid="archive-list">
              {list.items.map((entry) => (
                <ArchiveRow key={entry.date} entry={entry} today={today} />
              ))}
            </ul>
            <LoadMore list={list} label="Older prompts" className="mt-6 flex justify-center" testId="archive-more" failure="Could not load older prompts. Please try again." />
          </>
        )}
      </div>
    </section>
  );
}
