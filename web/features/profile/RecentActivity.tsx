import { PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { RecentStory } from '@common/profile/profile';
import { card, focusRing } from '../../components/ui';
import { formatDate, plural } from '../../lib/format';
import { VisibilityBadge } from '../stories';

/** Spec section 2: up to 5 stories, newest first: title, word count, Public/Private, date. */
export function RecentActivity({ recent }: { recent: RecentStory[] | undefined }) {
  return (
    <section aria-labelledby="recent-heading" className={`${card} min-w-0`} data-testid="recent-activity">
      <h2 id="recent-heading" className="text-lg font-semibold text-fg">
        Recent Activity
      </h2>
      {recent === undefined ? (
        <div className="mt-4 space-y-3" aria-hidden>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-12 animate-pulse rounded-lg bg-subtle" />
          ))}
        </div>
      ) : recent.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No stories yet.{' '}
          <Link to="/story/new" className={`inline-flex items-center gap-1 font-medium text-accent-ink underline ${focusRing}`}>
            <PenLine aria-hidden className="size-3.5" />
            Write your first story
          </Link>
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-line" data-testid="recent-list">
          {recent.map((story) => (
            <li key={story.id} className="flex items-start justify-between gap-3 py-3 first:pt-1 last:pb-0" data-testid="recent-item">
              <div className="min-w-0 flex-1">
                <Link to={`/story/${story.id}`} title={story.title} className={`block truncate rounded-sm font-medium text-fg hover:underline ${focusRing}`}>
                  {story.title}
                </Link>
                <p className="mt-0.5 text-xs text-muted">
                  {plural(story.wordCount, 'word')} · <time dateTime={story.createdAt}>{formatDate(story.createdAt)}</time>
                </p>
              </div>
              <VisibilityBadge isPublic={story.public} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
