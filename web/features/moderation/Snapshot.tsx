import { Link } from 'react-router';
import type { CaseDetail } from '@common/moderation/moderation';
import { textLink } from '../../components/ui';
import { formatDateTime } from '../../lib/format';

const CURRENT_STATE: Record<Exclude<CaseDetail['currentState'], 'unchanged'>, string> = {
  edited: 'Edited since reported',
  removed: 'Removed',
};

const quote = 'max-h-72 overflow-y-auto rounded-lg border-l-4 border-accent-500 bg-subtle px-4 py-3 text-sm break-words whitespace-pre-wrap text-fg';

/** The reported thing as it was when reported (kept as evidence), and whether it is still like that. */
export function Snapshot({ detail }: { detail: CaseDetail }) {
  const { snapshot, currentState } = detail;
  return (
    <div className="flex flex-col gap-3" data-testid="case-snapshot">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <span>
          By {snapshot.authorName}, captured <time dateTime={snapshot.capturedAt}>{formatDateTime(snapshot.capturedAt)}</time>
        </span>
        {currentState !== 'unchanged' && (
          <span
            className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            data-testid="current-state"
            data-state={currentState}
          >
            {CURRENT_STATE[currentState]}
          </span>
        )}
      </p>
      {snapshot.targetType === 'message' && snapshot.messages?.length ? (
        <ol className="flex flex-col gap-2" aria-label="Conversation around the reported message">
          {snapshot.messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-lg px-3 py-2 text-sm ${message.reported ? 'border-2 border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950' : 'border border-line bg-subtle'}`}
              data-testid={message.reported ? 'reported-message' : 'context-message'}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
                <span className="font-semibold text-fg">{message.fromName}</span>
                <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
                {message.reported && <span className="font-semibold text-red-800 dark:text-red-200">Reported</span>}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-fg">{message.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <>
          {snapshot.title && <h4 className="text-base font-semibold text-fg">{snapshot.title}</h4>}
          <blockquote className={quote} data-testid="snapshot-text">
            {snapshot.text || <span className="text-muted italic">(empty)</span>}
          </blockquote>
        </>
      )}
      {snapshot.storyId && currentState !== 'removed' && snapshot.targetType === 'story' && (
        <Link to={`/story/${encodeURIComponent(snapshot.storyId)}`} className={`${textLink} self-start text-sm`}>
          Open the story
        </Link>
      )}
      {snapshot.targetType === 'comment' && snapshot.storyId && (
        <p className="text-sm text-muted">
          On{' '}
          <Link to={`/story/${encodeURIComponent(snapshot.storyId)}`} className={textLink} data-testid="comment-story-link">
            {snapshot.storyTitle || 'the story'}
          </Link>
        </p>
      )}
      {snapshot.targetType === 'profile' && currentState !== 'removed' && (
        <Link to={`/user/${encodeURIComponent(snapshot.authorUid)}`} className={`${textLink} self-start text-sm`}>
          Open the profile
        </Link>
      )}
    </div>
  );
}
