import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { textLink } from '../../components/ui';
import { formatDate, plural } from '../../lib/format';
import { myFeatureRequestsQuery } from './api';
import { StatusBadge } from './StatusBadge';

/**
 * "My suggestions" in the Suggest a Feature popover: what the person asked for, newest first,
 * with its status and a way to the replies. Mounted only while the popover is open, so it
 * fetches afresh each time it opens.
 */
export function MySuggestions({ onNavigate }: { onNavigate: () => void }) {
  const { data, status } = useQuery(myFeatureRequestsQuery);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-line pt-3" data-testid="my-suggestions">
      <h3 id={headingId} className="text-sm font-semibold">
        My suggestions
      </h3>
      {status === 'pending' ? (
        <p className="mt-2 text-sm text-muted">Loading your suggestions…</p>
      ) : status === 'error' ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">Could not load your suggestions.</p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Your suggestions and their status will show here.</p>
      ) : (
        <ul className="mt-2 flex max-h-52 flex-col gap-2 overflow-y-auto pr-1">
          {data.map((request) => (
            <li key={request.id} className="rounded-md border border-line p-2" data-testid="my-suggestion">
              <div className="flex items-start justify-between gap-2">
                <p className="line-clamp-2 min-w-0 text-sm break-words text-fg" title={request.text}>
                  {request.text}
                </p>
                <StatusBadge status={request.status} />
              </div>
              <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
                <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
                {request.responseCount > 0 && <span>{plural(request.responseCount, 'response')}</span>}
                {request.conversationId && (
                  <Link to={`/messages?c=${encodeURIComponent(request.conversationId)}`} onClick={onNavigate} className={textLink}>
                    View replies
                  </Link>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
