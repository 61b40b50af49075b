import { useId, useMemo, useSyncExternalStore } from 'react';
import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { STORY_TEXTS } from '@common/stories/texts';
import { textLink } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { storedSaveQueue, subscribeToSaveQueue, waitingSaves } from '../../lib/save-queue';

/**
 * On My Stories: the saves made offline that the server has not had yet, latest
 * first, each marked as waiting (or, after a conflict, waiting for the writer to choose). The
 * list below comes from the server, so without this a story written offline was nowhere to be
 * seen until it was sent. Gone once they are sent (the queue tells this screen of each change).
 */
export function WaitingSaves({ uid }: { uid: string }) {
  const stored = useSyncExternalStore(subscribeToSaveQueue, () => storedSaveQueue(uid));
  const saves = useMemo(() => waitingSaves(stored), [stored]);
  const headingId = useId();
  if (saves.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-line bg-subtle p-4" data-testid="queued-saves">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg">
        <CloudOff aria-hidden className="size-5 text-muted" />
        {STORY_TEXTS.queuedHeading}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {saves.map((save) => (
          <li key={save.key} className="flex flex-col gap-2 rounded-lg border border-dashed border-line bg-surface p-4" data-testid="queued-save">
            <p className="font-semibold break-words text-fg" data-testid="queued-save-title">
              {save.storyId && !save.conflict ? (
                <Link to={`/story/${save.storyId}/edit`} className={textLink}>
                  {save.title}
                </Link>
              ) : (
                save.title
              )}
            </p>
            <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">{save.content}</p>
            <p className={`mt-auto text-sm ${save.conflict ? 'font-medium text-accent-ink' : 'text-muted'}`}>
              {save.conflict ? STORY_TEXTS.queuedConflict : STORY_TEXTS.queuedWaiting} <span className="text-xs">({formatDateTime(save.queuedAt)})</span>
            </p>
            {save.conflict && save.storyId && (
              <Link to={`/story/${save.storyId}/edit`} className={`${textLink} self-start text-sm`}>
                {STORY_TEXTS.queuedOpen}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
