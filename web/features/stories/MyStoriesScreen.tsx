import { BookOpen, PenLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { VISIBILITY_FILTERS, type VisibilityFilter } from '@common/stories/rules';
import { EmptyState } from '../../components/EmptyState';
import { primaryButton } from '../../components/ui';
import { SegmentedControl } from '../../components/SegmentedControl';
import { useCurrentUser } from '../../lib/auth';
import { usePagedList } from '../../lib/paged-list';
import { myStoriesQuery } from './api/stories';
import { StoryGrid } from './StoryGrid';
import { WaitingSaves } from './WaitingSaves';
import { ScheduledStories } from '../scheduled-publishing';
import { BookDownload } from '../books';

const FILTER_LABELS: Record<VisibilityFilter, string> = { all: 'All', public: 'Public', private: 'Private' };

function isFilter(value: string | null): value is VisibilityFilter {
  return (VISIBILITY_FILTERS as readonly (string | null)[]).includes(value);
}

/** /stories: the writer's own stories, newest first, filtered all / public / private; above them, saves made offline still waiting to be sent. */
export function MyStoriesScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const visibility: VisibilityFilter = isFilter(raw) ? raw : 'all';
  const list = usePagedList(myStoriesQuery(visibility));
  const { user } = useCurrentUser();

  return (
    <section aria-labelledby="screen-heading">
      <title>My Stories · Drabble</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
            My Stories
          </h1>
          <p className="mt-1 text-muted">Everything you have written, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookDownload />
          <Link to="/story/new" className={primaryButton} data-testid="new-story">
            <PenLine aria-hidden className="size-4" />
            New Story
          </Link>
        </div>
      </div>
      {user && <WaitingSaves uid={user.uid} />}
      <ScheduledStories />
      <div className="mt-6">
        <SegmentedControl
          label="Show"
          options={VISIBILITY_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          value={visibility}
          onChange={(value) => setParams(value === 'all' ? {} : { show: value }, { replace: true })}
          testId="visibility-filter"
        />
      </div>
      <div className="mt-6">
        <StoryGrid
          headingLevel="h2"
          list={list}
          label="My stories"
          empty={
            <EmptyState icon={<BookOpen aria-hidden className="size-6" />} title={visibility === 'all' ? 'No stories yet.' : `No ${visibility} stories.`}>
              {visibility === 'all' ? (
                <Link to="/story/new" className="font-medium text-accent-ink underline">
                  Write your first story
                </Link>
              ) : (
                'Stories you change to this visibility will show up here.'
              )}
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
