import { useEffect, useRef, type Ref } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import type { FeedPage, FeedStory } from '@common/follows/follows';
import type { StorySummary } from '@common/stories/story';
import { TAG_TEXTS, tagPath } from '@common/tags/rules';
import { textLink } from '../../components/ui';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { useApiMutation } from '../../lib/mutation';
import { usePagedList } from '../../lib/paged-list';
import { feedKeys } from '../../lib/query-keys';
import { CardSkeletons, StoryCard } from '../stories';
import { CaughtUp } from './CaughtUp';
import { FeedSuggestions } from './FeedSuggestions';
import { FediverseStories } from '../federation';
import { NewStoriesPill } from './NewStoriesPill';
import { feedHeadQuery, feedQuery, markSeen, newCountQuery } from './api';
import { caughtUpIndex } from './caught-up';

/** Reports the top story as seen once it is on screen, so the marker follows the reader. */
function useSeenTop(top: StorySummary | undefined) {
  const ref = useRef<HTMLLIElement>(null);
  const { mutate } = useApiMutation({ request: markSeen, failure: false });
  const topId = top?.id;
  useEffect(() => {
    const element = ref.current;
    if (!element || !topId) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        mutate(topId);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [topId, mutate]);
  return ref;
}

/** /feed: the newest public stories of the writers the reader follows, with a pill for newer ones. */
export function FeedScreen() {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = usePagedList(feedQuery());
  const head = useInfiniteQuery(feedHeadQuery()).data;
  const newCount = useQuery({ ...newCountQuery(head?.newestCursor ?? null), enabled: head !== undefined }).data ?? 0;
  const stories = list.items ?? [];
  const topRef = useSeenTop(stories[0]);

  // Keep only the first page and fetch it afresh: the new stories on top, then back to reading.
  const showNew = async () => {
    queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedKeys.pages, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await queryClient.refetchQueries({ queryKey: feedKeys.pages });
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  };

  const divider = caughtUpIndex(stories, head?.marker ?? null);
  return (
    <section aria-labelledby="screen-heading">
      <title>Feed · Drabble</title>
      <NewStoriesPill count={newCount} onShow={() => void showNew()} />
      <div className="mx-auto max-w-2xl">
        <h1 id="screen-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-fg outline-none sm:text-3xl">
          Feed
        </h1>
        <p className="mt-1 text-muted">New stories from the writers you follow.</p>
        <div className="mt-6">
          {list.status === 'pending' && <CardSkeletons count={2} />}
          {list.status === 'error' && <LoadError message={list.error.message} onRetry={list.refetch} />}
          {list.status === 'success' && stories.length === 0 && <FeedSuggestions />}
          {stories.length > 0 && (
            <>
              <ul aria-label="Stories from writers you follow" className="flex flex-col gap-4" data-testid="story-list">
                {stories.map((story, index) => (
                  <FeedItem key={story.id} story={story} caughtUp={index === divider} itemRef={index === 0 ? topRef : undefined} />
                ))}
              </ul>
              <LoadMore list={list} className="mt-6 flex justify-center" testId="load-more" failure="Could not load more stories. Please try again." />
            </>
          )}
        </div>
        <FediverseStories />
      </div>
    </section>
  );
}

function FeedItem({ story, caughtUp, itemRef }: { story: FeedStory; caughtUp: boolean; itemRef?: Ref<HTMLLIElement> }) {
  return (
    <>
      {caughtUp && <CaughtUp />}
      <li ref={itemRef} className="flex flex-col [&>article]:flex-1">
        {story.becauseTag && (
          <p className="mb-1.5 inline-flex items-center gap-1 text-sm text-muted" data-testid="because-tag">
            <Hash aria-hidden className="size-3.5" />
            <span>
              {TAG_TEXTS.becauseYouFollow}{' '}
              <Link to={tagPath(story.becauseTag.key)} className={textLink}>
                #{story.becauseTag.name}
              </Link>
            </span>
          </p>
        )}
        <StoryCard story={story} showOwnerActions={false} headingLevel="h2" />
      </li>
    </>
  );
}
