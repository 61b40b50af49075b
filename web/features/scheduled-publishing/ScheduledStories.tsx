import { useId } from 'react';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SCHEDULE_TEXTS } from '@common/scheduled-publishing/rules';
import { textLink } from '../../components/ui';
import { scheduledStoriesQuery } from './api';
import { formatScheduleTime } from './format';

/** On My Stories: the writer's stories waiting for their publishing time, soonest first; nothing when there are none. */
export function ScheduledStories() {
  const { data } = useQuery(scheduledStoriesQuery);
  const headingId = useId();
  if (!data || data.schedules.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-line bg-surface p-4" data-testid="scheduled-stories">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg">
        <CalendarClock aria-hidden className="size-5 text-accent-ink" />
        {SCHEDULE_TEXTS.scheduledBadge}
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {data.schedules.map((s) => (
          <li key={s.storyId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="scheduled-story">
            <Link to={`/story/${s.storyId}`} className={`${textLink} break-words`}>
              {s.title}
            </Link>
            <span className="text-sm text-muted">
              Publishes <time dateTime={s.publishAt}>{formatScheduleTime(s.publishAt, data.timezone)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
