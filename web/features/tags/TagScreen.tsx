import { useQuery } from '@tanstack/react-query';
import { EyeOff, Hash, Sparkles } from 'lucide-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { TAG_TEXTS, tagKey } from '@common/tags/rules';
import { STORY_SORTS, type StorySort } from '@common/stories/rules';
import { tagFeed } from '@common/feeds/feeds';
import { card, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { FeedLink } from '../../components/FeedLink';
import { LoadError } from '../../components/LoadError';
import { SegmentedControl } from '../../components/SegmentedControl';
import { CenteredSpinner } from '../../components/Spinner';
import { useCurrentUser } from '../../lib/auth';
import { isApiError } from '../../lib/api';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { usePagedList } from '../../lib/paged-list';
import { loginPathFor } from '../../lib/safe-next';
import { StoryGrid } from '../stories';
import { keysAfterFollow, setTagFollow, tagInfoQuery, tagStoriesQuery } from './api';
import { tagCount } from './tag-count';

const SORT_OPTIONS = [
  { value: 'newest', label: TAG_TEXTS.newest },
  { value: 'liked', label: TAG_TEXTS.liked },
] as const;

function FollowButton({ tagKey: key, name, followed }: { tagKey: string; name: string; followed: boolean }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const mutation = useApiMutation({
    request: (follow: boolean) => setTagFollow(key, follow),
    success: (result) => (result.followed ? `Following #${name}` : `Stopped following #${name}`),
    onSuccess: (_result, _vars, queryClient) => invalidateAll(queryClient, keysAfterFollow(key)),
  });
  if (!user) {
    return (
      <Link to={loginPathFor(location.pathname)} className={primaryButton} data-testid="tag-follow-login">
        Log in to follow
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={followed ? secondaryButton : primaryButton}
      aria-pressed={followed}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!followed)}
      data-testid="tag-follow"
    >
      {followed ? TAG_TEXTS.following : TAG_TEXTS.follow}
    </button>
  );
}

function TagNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="tag-not-found">
      <title>Tag not found · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {TAG_TEXTS.notFound}
      </h1>
      <p className="mt-2 text-muted">No story carries this tag.</p>
      <Link to="/tags" className={`${primaryButton} mt-6`}>
        {TAG_TEXTS.trendingTitle}
      </Link>
    </section>
  );
}

function Tag({ tagKey: key }: { tagKey: string }) {
  const [params, setParams] = useSearchParams();
  const sort: StorySort = STORY_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const info = useQuery(tagInfoQuery(key));
  const stories = usePagedList(tagStoriesQuery(key, sort));
  const { user } = useCurrentUser();
  if (info.isPending) return <CenteredSpinner />;
  if (info.isError) return isApiError(info.error) && info.error.status === 404 ? <TagNotFound /> : <LoadError message={info.error.message} onRetry={() => void info.refetch()} />;
  const tag = info.data;
  const count = tagCount({
    total: tag.storyCount,
    shown: stories.items?.length ?? 0,
    complete: stories.status === 'success' && !stories.hasMore,
    signedIn: user !== null,
  });
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-6">
      <title>{`#${tag.name} · Drabble`}</title>
      <div className={`${card} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`} data-testid="tag-header">
        <div className="min-w-0">
          <h1 id="screen-heading" className="flex items-center gap-1 text-2xl font-bold break-words text-fg sm:text-3xl">
            <Hash aria-hidden className="size-6 shrink-0 text-accent-ink" />
            {tag.name}
          </h1>
          <p className="mt-1 text-sm text-muted" data-testid="tag-story-count">
            {count.text}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FollowButton tagKey={tag.key} name={tag.name} followed={tag.followed} />
          <FeedLink feed={tagFeed(tag.key, tag.name)} />
        </div>
      </div>
      <SegmentedControl
        label="Sort stories"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(next) => setParams(next === 'newest' ? {} : { sort: next }, { replace: true })}
        testId="tag-sort"
      />
      <StoryGrid
        list={stories}
        label={`Stories tagged ${tag.name}`}
        empty={
          count.hidden > 0 ? (
            <div data-testid="tag-all-hidden">
              <EmptyState icon={<EyeOff aria-hidden className="size-6" />} title={TAG_TEXTS.allHidden}>
                <p>{TAG_TEXTS.hiddenWhy}</p>
                <p className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
                  {/* Settings' sections (settings/sections.ts), by their anchors. */}
                  <Link to="/settings#content-warnings" className={textLink}>
                    Content warnings
                  </Link>
                  <Link to="/settings#blocked-and-muted" className={textLink}>
                    Blocked and muted writers
                  </Link>
                </p>
              </EmptyState>
            </div>
          ) : (
            <EmptyState icon={<Sparkles aria-hidden className="size-6" />} title={TAG_TEXTS.empty} />
          )
        }
      />
    </section>
  );
}

/** /tag/:name: a tag's public stories, newest or most liked, its count, Follow and its Atom feed. Guests read it too. */
export function TagScreen() {
  const { name = '' } = useParams();
  // Any spelling of a tag opens its page (the key is what the server matches).
  const key = tagKey(name);
  return key.length < 2 ? <TagNotFound /> : <Tag key={key} tagKey={key} />;
}
