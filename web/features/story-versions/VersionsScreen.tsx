import { ArrowLeft, History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { Story } from '@common/stories/story';
import { STORY_TEXTS } from '@common/stories/texts';
import { STORY_VERSIONS_MAX, type StoryVersionSummary } from '@common/story-versions/versions';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { card, focusRing, secondaryButton, textLink } from '../../components/ui';
import { plural } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { StoryNotFound } from '../stories';
import { versionsQuery } from './api';
import { VersionView } from './VersionView';
import { formatVersionTime } from './format';

function VersionItem({ version, current, selected }: { version: StoryVersionSummary; current: Story; selected: boolean }) {
  return (
    <li>
      <Link
        to={`?version=${encodeURIComponent(version.id)}`}
        replace
        aria-current={selected ? 'true' : undefined}
        className={`block rounded-lg border px-3 py-2.5 text-sm ${focusRing} ${
          selected ? 'border-accent-600 bg-accent-soft text-accent-soft-ink' : 'border-line bg-surface text-fg hover:bg-subtle'
        }`}
        data-testid="version-item"
        data-version-id={version.id}
      >
        <time dateTime={version.savedAt} className="block font-semibold">
          {formatVersionTime(version.savedAt)}
        </time>
        <span className={`block ${selected ? '' : 'text-muted'}`}>
          {plural(version.wordCount, 'word')}
          {version.title !== current.title && <span className="break-words"> · “{version.title}”</span>}
        </span>
      </Link>
    </li>
  );
}

/**
 * /story/:id/versions: the owner's earlier texts of the story, newest first; choosing one
 * (?version=…) shows it with its changes against the current text, and offers to restore it.
 */
export function VersionsScreen({ story }: { story: Story }) {
  const [params] = useSearchParams();
  const list = usePagedList({ ...versionsQuery(story.id), enabled: story.permissions.edit });
  const selected = params.get('version');
  // The story is there to read: one message, not "not found" beside it.
  if (!story.permissions.edit) return <StoryNotFound message={STORY_TEXTS.versionsOwnerOnly} detail={null} backTo={`/story/${story.id}`} />;

  return (
    <section aria-labelledby="screen-heading" className="mx-auto max-w-6xl" data-testid="versions-screen">
      <title>{`Version history of “${story.title}” · Drabble`}</title>
      <Link to={`/story/${story.id}`} className={`inline-flex items-center gap-1 text-sm ${textLink}`}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to the story
      </Link>
      <h1 id="screen-heading" className="mt-3 text-2xl font-bold text-fg sm:text-3xl">
        Version history
      </h1>
      <p className="mt-1 text-muted">
        <span className="font-semibold break-words text-fg">{story.title}</span> now: {plural(story.wordCount, 'word')}, saved {formatVersionTime(story.updatedAt)}. Each save
        that changes the story keeps the text before it here (the latest {STORY_VERSIONS_MAX}); only you can see them.
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <nav aria-label="Versions" className={selected ? 'max-lg:hidden' : ''}>
          {list.status === 'pending' ? (
            <CenteredSpinner />
          ) : list.status === 'error' && !list.items ? (
            <div role="alert" className={`${card} text-sm`}>
              <p>The versions could not be loaded.</p>
              <button type="button" className={`${secondaryButton} mt-3`} onClick={list.refetch}>
                Try again
              </button>
            </div>
          ) : list.items && list.items.length > 0 ? (
            <>
              <ol className="flex flex-col gap-2" data-testid="version-list">
                {list.items.map((version) => (
                  <VersionItem key={version.id} version={version} current={story} selected={version.id === selected} />
                ))}
              </ol>
              <LoadMore list={list} className="mt-3" failure="More versions could not be loaded." />
            </>
          ) : (
            <EmptyState icon={<History aria-hidden className="size-6" />} title="No earlier versions yet.">
              Each time you save changes, the text before them is kept here.
            </EmptyState>
          )}
        </nav>
        <div className="min-w-0">
          {selected ? (
            <>
              <Link to="?" replace className={`mb-3 inline-flex items-center gap-1 text-sm lg:hidden ${textLink}`}>
                <ArrowLeft aria-hidden className="size-4" />
                All versions
              </Link>
              <VersionView key={selected} story={story} versionId={selected} />
            </>
          ) : (
            list.items &&
            list.items.length > 0 && (
              <p className={`${card} text-sm text-muted max-lg:hidden`}>Choose a version to see how it differs from the current story.</p>
            )
          )}
        </div>
      </div>
    </section>
  );
}
