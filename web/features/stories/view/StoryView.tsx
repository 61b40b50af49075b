import { useEffect, useRef } from 'react';
import { Eye, Globe, History, Lock, MessageCircle, Trophy } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { storyContracts } from '@common/stories/contract';
import type { Story } from '@common/stories/story';
import { storyShareText } from '@common/stories/share';
import { STORY_TEXTS } from '@common/stories/texts';
import { CONTENT_WARNING_TEXTS } from '@common/stories/content-warning-rules';
import { readingTimeLabel } from '@common/stories/words';
import { CONTEST_ENTRY_NOTICE } from '@common/contests/contests';
import { focusRing, secondaryButton, textLink } from '../../../components/ui';
import { callRoute } from '../../../lib/call-route';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatNumber, plural } from '../../../lib/format';
import { storyKeys } from '../../../lib/query-keys';
import { useWatch } from '../../../lib/watch';
import { TagLinks } from '../../tags';
import { BookmarkButton } from '../../reading-lists';
import { AuthorAvatar } from '../StoryCard';
import { ContentWarningList, ShowStoryButton, useTextGate } from '../ContentWarnings';
import { FavoriteButton } from '../FavoriteButton';
import { OwnerActions } from '../OwnerActions';
import { PerfectDrabbleBadge } from '../PerfectDrabbleBadge';
import { PromptChips } from '../PromptChips';
import { VisibilityBadge } from '../VisibilityBadge';
import { PromptDayLink } from '../../prompts';
import { Comments } from './Comments';
import { ReactionsBar } from './ReactionsBar';
import { ShareButton } from './ShareButton';
import { ReportButton } from '../../reports';
import { AdminRemove } from './AdminRemove';
import { usePageDescription } from './usePageDescription';
import { FediverseReactionsLine } from '../../federation';
import { SchedulePanel } from '../../scheduled-publishing';
import { AddToSeries, StoryPartLine, StoryPartSteps } from '../../series';
import { StoryAnthologiesLine, SubmitToAnthology } from '../../anthologies';

/**
 * Counts this reader's view once per visit (the server counts one a day and none by the
 * author). Views are counted per account, so a guest's reading is not sent.
 */
function useRecordView(story: Story) {
  const queryClient = useQueryClient();
  const sent = useRef<string | null>(null);
  const isOwner = story.permissions.edit;
  const signedIn = useCurrentUser().user !== null;
  useEffect(() => {
    if (!signedIn || isOwner || sent.current === story.id) return;
    sent.current = story.id;
    callRoute(storyContracts.recordView, { params: { id: story.id } })
      .then(({ viewsCount }) => queryClient.setQueryData<Story>(storyKeys.detail(story.id), (s) => (s ? { ...s, viewsCount } : s)))
      .catch((error: unknown) => console.error('Could not count the view', error));
  }, [story.id, isOwner, signedIn, queryClient]);
}

/** /story/:id: the whole story as plain text with its line breaks, and everything around it. */
export function StoryView({ story }: { story: Story }) {
  // Others' comments, deletions and reactions arrive live while the page is open.
  useWatch(`story:${story.id}`);
  const navigate = useNavigate();
  const guest = useCurrentUser().user === null;
  const share = storyShareText(story);
  usePageDescription(share.description);
  useRecordView(story);
  const edited = Date.parse(story.updatedAt) - Date.parse(story.createdAt) > 60_000;
  const gate = useTextGate(story);

  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="story-title" data-testid="story-view">
      <title>{share.pageTitle}</title>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <VisibilityBadge isPublic={story.public} />
          {story.perfectDrabble && <PerfectDrabbleBadge />}
          {story.prompt && <PromptChips prompt={story.prompt} />}
          {story.promptDay && <PromptDayLink day={story.promptDay} />}
        </div>
        <TagLinks tags={story.tags} className="mt-3" />
        <StoryPartLine storyId={story.id} className="mt-3" />
        <StoryAnthologiesLine storyId={story.id} isWriter={story.permissions.edit} className="mt-2" />
        <h1 id="story-title" className="mt-4 font-serif text-3xl leading-tight font-bold break-words text-fg sm:text-4xl" data-testid="story-title">
          {story.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {story.uid === '' ? (
            // An anonymous contest entry: no profile to link to until the results are out.
            <AuthorAvatar story={story} size="md" />
          ) : (
            <Link to={`/user/${story.uid}`} className={`rounded-full ${focusRing}`} aria-label={`${story.authorDisplayName}’s profile`}>
              <AuthorAvatar story={story} size="md" />
            </Link>
          )}
          <div className="min-w-0">
            {story.uid === '' ? (
              <span className="block font-semibold text-fg" data-testid="story-author">
                {story.authorDisplayName}
              </span>
            ) : (
              <Link to={`/user/${story.uid}`} className={`block rounded-sm font-semibold text-fg hover:underline ${focusRing}`} data-testid="story-author">
                {story.authorDisplayName}
              </Link>
            )}
            <p className="text-sm text-muted">
              <time dateTime={story.createdAt}>{formatDate(story.createdAt)}</time>
              {edited && <span> · edited {formatDate(story.updatedAt)}</span>}
            </p>
          </div>
          <div className="ml-auto flex flex-wrap items-center gap-1">
            {/* A private story's link opens for its author alone: nothing to share. */}
            {story.public && <ShareButton title={story.title} path={`/story/${story.id}`} />}
            {(story.permissions.favorite || guest) && <FavoriteButton storyId={story.id} withLabel />}
            <BookmarkButton storyId={story.id} withLabel />
            {!guest && !story.permissions.edit && <ReportButton targetType="story" targetId={story.id} />}
            {story.permissions.remove && (
              <AdminRemove targetType="story" targetId={story.id} name={`story “${story.title}”`} onRemoved={() => void navigate('/community', { replace: true })} />
            )}
          </div>
        </div>
        {/* Only a public one is an entry: a private story keeps contestId while its words wait for the results (written for the contest, or withdrawn). */}
        {story.contestId && story.public && (
          <p className="mt-4 flex items-center gap-2 rounded-xl border border-line bg-subtle p-3 text-sm text-fg" data-testid="contest-entry-notice">
            <Trophy aria-hidden className="size-4 shrink-0 text-accent-ink" />
            <span>
              {CONTEST_ENTRY_NOTICE}{' '}
              <Link to={`/contests/${story.contestId}`} className={textLink}>
                See the contest
              </Link>
            </span>
          </p>
        )}
        {story.permissions.edit && (
          <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3">
            {story.public ? (
              <p className="flex items-center gap-1.5 text-sm text-muted">
                <Globe aria-hidden className="size-4" />
                Public{story.madePublicAt ? ` since ${formatDate(story.madePublicAt)}` : ''}. {STORY_TEXTS.publicMeaning}
              </p>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-muted" data-testid="private-notice">
                <Lock aria-hidden className="size-4" />
                This story is private. Only you can see it.
              </p>
            )}
            <div className="ml-auto flex flex-wrap items-center gap-2">
              <Link to={`/story/${story.id}/versions`} className={secondaryButton} data-testid="version-history-link">
                <History aria-hidden className="size-4" />
                Version history
              </Link>
              <AddToSeries storyId={story.id} />
              {story.public && <SubmitToAnthology storyId={story.id} />}
              <OwnerActions story={story} variant="buttons" onDeleted={() => void navigate('/stories', { replace: true })} />
            </div>
            {!story.public && <SchedulePanel storyId={story.id} />}
          </div>
        )}
      </header>

      <ContentWarningList story={story} className="mt-6" />
      {gate.hidden ? (
        <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-line p-6" data-testid="story-gate">
          <p className="text-muted">{CONTENT_WARNING_TEXTS.hiddenUntilChosen}</p>
          <ShowStoryButton onShow={gate.show} />
        </div>
      ) : (
        <div className="mt-8 font-serif text-lg leading-relaxed break-words whitespace-pre-wrap text-fg sm:text-xl sm:leading-relaxed" data-testid="story-body">
          {story.content}
        </div>
      )}

      <StoryPartSteps storyId={story.id} />
      <p className="mt-8 flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-4 text-sm text-muted" data-testid="story-stats">
        <span data-testid="story-word-count">{plural(story.wordCount, 'word')}</span>
        <span>{readingTimeLabel(story.wordCount)}</span>
        <span>{plural(story.charCount, 'character')}</span>
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden className="size-4" />
          {plural(story.viewsCount, 'view')}
        </span>
        <span className="inline-flex items-center gap-1">
          <MessageCircle aria-hidden className="size-4" />
          {formatNumber(story.commentsCount)}
        </span>
      </p>

      <div className="mt-6">
        <ReactionsBar story={story} />
        <FediverseReactionsLine storyId={story.id} isPublic={story.public} />
      </div>
      <Comments story={story} />
    </article>
  );
}
