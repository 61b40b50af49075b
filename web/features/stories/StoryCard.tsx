import { Eye, Lock, MessageCircle, SmilePlus, type LucideIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { StorySummary } from '@common/stories/story';
import { CONTENT_WARNING_TEXTS } from '@common/stories/content-warning-rules';
import { Avatar } from '../../components/Avatar';
import { focusRing } from '../../components/ui';
import { formatDate, formatNumber, plural } from '../../lib/format';
import { ContentWarningList, ShowStoryButton, useTextGate } from './ContentWarnings';
import { FavoriteButton } from './FavoriteButton';
import { OwnerActions } from './OwnerActions';
import { PerfectDrabbleBadge } from './PerfectDrabbleBadge';
import { PromptChips } from './PromptChips';
import { VisibilityBadge } from './VisibilityBadge';
import { TagLinks } from '../tags';
import { BookmarkButton } from '../reading-lists';

interface StoryCardProps {
  story: StorySummary;
  /** The heart, for signed-in readers allowed to favourite the story. Off on public profiles. */
  showFavorite?: boolean;
  /** Edit / make public or private / delete, for the author. Off on public profiles. */
  showOwnerActions?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** The author's avatar in the author's own accent colour. */
export function AuthorAvatar({ story, size = 'sm' }: { story: Pick<StorySummary, 'authorDisplayName' | 'authorProfileIcon' | 'authorProfileImage' | 'authorProfileColor'>; size?: 'sm' | 'md' }) {
  return (
    <span data-accent={story.authorProfileColor} className="inline-flex">
      <Avatar person={{ displayName: story.authorDisplayName, profileIcon: story.authorProfileIcon, profileImage: story.authorProfileImage }} size={size} />
    </span>
  );
}

/** One of the card's counts: an icon and the number, read out as "3 reactions". */
function Count({ icon: Icon, n, one, testId }: { icon: LucideIcon; n: number; one: string; testId: string }) {
  const label = plural(n, one);
  return (
    <span className="inline-flex items-center gap-1" title={label} data-testid={testId}>
      <Icon aria-hidden className="size-3.5" />
      <span aria-hidden>{formatNumber(n)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A story in a list (spec section 2): the whole card opens the story; the author, the heart
 * and the owner's actions sit above that link and work on their own. Memoised: a list screen
 * renders again as its other queries settle, and a page of cards was most of each render. A
 * card whose story is the same object (TanStack Query keeps unchanged ones) is left alone:
 * a signed-in /community's first load rendered each card 3 times, now 2.
 */
export const StoryCard = memo(function StoryCard({ story, showFavorite = true, showOwnerActions = true, headingLevel: Heading = 'h3' }: StoryCardProps) {
  const isOwner = story.permissions.edit;
  const gate = useTextGate(story);
  return (
    <article
      data-testid="story-card"
      data-story-id={story.id}
      className="relative flex flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition hover:border-accent-500 hover:shadow-md has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-accent-500"
    >
      <header className="flex items-start gap-3">
        <Link to={`/user/${story.uid}`} className={`relative z-10 shrink-0 rounded-full ${focusRing}`} aria-label={`${story.authorDisplayName}’s profile`}>
          <AuthorAvatar story={story} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={`/user/${story.uid}`} className={`relative z-10 block truncate rounded-sm text-sm font-medium text-fg hover:underline ${focusRing}`}>
            {story.authorDisplayName}
          </Link>
          <time dateTime={story.createdAt} className="block text-xs text-muted">
            {formatDate(story.createdAt)}
          </time>
        </div>
        <VisibilityBadge isPublic={story.public} />
      </header>

      <Heading className="mt-3 text-lg leading-snug font-semibold break-words text-fg">
        <Link to={`/story/${story.id}`} data-card-link className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']">
          {story.title}
        </Link>
      </Heading>
      {story.perfectDrabble && <PerfectDrabbleBadge className="mt-2 self-start" />}
      {story.prompt && <PromptChips prompt={story.prompt} className="mt-2" />}
      <TagLinks tags={story.tags} className="mt-2" />
      <ContentWarningList story={story} className="mt-3" />
      {gate.hidden ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted">{CONTENT_WARNING_TEXTS.hiddenUntilChosen}</p>
          <ShowStoryButton onShow={gate.show} className="relative z-10" />
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm leading-relaxed break-words text-muted" data-testid="story-preview">
            {story.preview}
          </p>
          <span aria-hidden className="mt-2 text-sm font-semibold text-accent-ink">
            Read full story →
          </span>
        </>
      )}

      <div className="min-h-4 flex-1" />
      <footer className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-3 text-xs text-muted">
        <span data-testid="char-count">{plural(story.charCount, 'character')}</span>
        <span className="inline-flex items-center gap-x-3" data-testid="story-counts">
          <Count icon={SmilePlus} n={story.likesCount} one="reaction" testId="reactions-count" />
          <Count icon={MessageCircle} n={story.commentsCount} one="comment" testId="comments-count" />
          <Count icon={Eye} n={story.viewsCount} one="view" testId="views-count" />
        </span>
        {isOwner && !story.public && (
          <span className="inline-flex items-center gap-1" data-testid="private-notice">
            <Lock aria-hidden className="size-3" />
            Only you can see this story
          </span>
        )}
        <div className="relative z-10 ml-auto flex items-center gap-0.5">
          {showFavorite && story.permissions.favorite && <FavoriteButton storyId={story.id} />}
          {showFavorite && <BookmarkButton storyId={story.id} />}
          {showOwnerActions && <OwnerActions story={story} />}
        </div>
      </footer>
    </article>
  );
});
