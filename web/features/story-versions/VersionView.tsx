import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, RefreshCw, RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Story } from '@common/stories/story';
import { samePrompt } from '@common/prompts/rules';
import { hasChanges, wordDiff } from '@common/story-versions/word-diff';
import { isPerfectDrabble } from '@common/stories/words';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CenteredSpinner } from '../../components/Spinner';
import { card, primaryButton, secondaryButton } from '../../components/ui';
import { plural } from '../../lib/format';
import { PerfectDrabbleBadge, PromptChips } from '../stories';
import { useRestoreVersion, versionQuery } from './api';
import { DiffLegend, DiffText } from './DiffText';
import { formatVersionTime } from './format';

/** One version, its changes highlighted against the current text, and the way to restore it. */
export function VersionView({ story, versionId }: { story: Story; versionId: string }) {
  const query = useQuery(versionQuery(story.id, versionId));
  const restore = useRestoreVersion(story.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const version = query.data;
  const textDiff = useMemo(() => (version ? wordDiff(story.content, version.content) : []), [story.content, version]);
  const titleDiff = useMemo(() => (version ? wordDiff(story.title, version.title) : []), [story.title, version]);

  if (query.isPending) return <CenteredSpinner />;
  if (query.isError || !version) {
    return (
      <div role="alert" className={`${card} text-sm`} data-testid="version-error">
        <p className="text-fg">{query.error?.message ?? 'This version could not be loaded.'}</p>
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          Try again
        </button>
      </div>
    );
  }

  const same = !hasChanges(textDiff) && !hasChanges(titleDiff) && samePrompt(version.prompt, story.prompt);
  return (
    <section aria-labelledby="version-heading" className={`${card} p-4 sm:p-6`} data-testid="version-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="version-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <History aria-hidden className="size-5 shrink-0 text-muted" />
            <span>
              Saved <time dateTime={version.savedAt}>{formatVersionTime(version.savedAt)}</time>
            </span>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span data-testid="version-word-count">{plural(version.wordCount, 'word')}</span>
            {isPerfectDrabble(version.wordCount) && <PerfectDrabbleBadge />}
            <span>Replaced {formatVersionTime(version.replacedAt)}</span>
          </p>
        </div>
        <button type="button" className={primaryButton} onClick={() => setConfirming(true)} disabled={restore.isPending || same} data-testid="restore-version">
          <RotateCcw aria-hidden className="size-4" />
          {restore.isPending ? 'Restoring…' : 'Restore this version'}
        </button>
      </div>

      {same ? (
        <p className="mt-4 rounded-md bg-subtle px-3 py-2 text-sm text-muted" data-testid="version-same">
          This version is the same as the current story.
        </p>
      ) : (
        <div className="mt-4">
          <DiffLegend />
        </div>
      )}
      {version.prompt && !samePrompt(version.prompt, story.prompt) && (
        <div className="mt-4 text-sm text-muted">
          Prompt of this version: <PromptChips prompt={version.prompt} className="mt-1" />
        </div>
      )}
      <h3 className="mt-5 font-serif text-2xl leading-tight font-bold break-words text-fg" data-testid="version-title">
        <DiffText parts={titleDiff} />
      </h3>
      <div className="mt-4 font-serif text-lg leading-relaxed break-words text-fg" data-testid="version-body">
        <DiffText parts={textDiff} testId="version-diff" />
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restore this version?"
        description={`The story goes back to the text saved ${formatVersionTime(version.savedAt)}. The current text is kept as a version, so you can come back to it.`}
        confirmLabel="Restore"
        tone="default"
        onConfirm={() =>
          restore.mutate(version.id, {
            onSuccess: () => void navigate(`/story/${story.id}`),
          })
        }
      />
    </section>
  );
}
