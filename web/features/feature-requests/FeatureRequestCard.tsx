import { useId, useState } from 'react';
import { CheckCheck, MessageSquareReply, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  FEATURE_REQUEST_STATUSES,
  FEATURE_REQUEST_STATUS_LABELS,
  FEATURE_REQUEST_TEXTS,
  type AdminFeatureRequest,
  type FeatureRequestResponse,
  type FeatureRequestStatus,
} from '@common/feature-requests/feature-requests';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { card, focusRing, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { formatDate, formatDateTime, plural } from '../../lib/format';
import { useDeleteFeatureRequest, useMarkRequestRead, useSetStatus } from './api';
import { RespondDialog } from './RespondDialog';
import { StatusBadge } from './StatusBadge';

const smallButton = 'px-3 py-1.5';

function ResponseItem({ response }: { response: FeatureRequestResponse }) {
  const fromAdmin = response.fromType === 'admin';
  return (
    <li className={`rounded-lg border px-3 py-2 ${fromAdmin ? 'border-line bg-subtle' : 'border-accent-500 bg-surface'}`} data-testid="response" data-from={response.fromType}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span
          className={`rounded-full px-2 py-0.5 font-semibold ${fromAdmin ? 'border border-line bg-surface text-fg' : 'bg-accent-soft text-accent-soft-ink'}`}
          data-testid="response-from"
        >
          {fromAdmin ? 'Admin' : 'User'}
        </span>
        <time dateTime={response.created_at} className="text-muted">
          {formatDateTime(response.created_at)}
        </time>
        {!fromAdmin && !response.read && <span className="font-semibold text-accent-ink">Unread</span>}
      </div>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{response.text}</p>
    </li>
  );
}

/** A long exchange shows its latest responses; the earlier ones open on request. */
const SHOWN_RESPONSES = 4;

function Responses({ responses }: { responses: readonly FeatureRequestResponse[] }) {
  const [showAll, setShowAll] = useState(false);
  if (responses.length === 0) return null;
  const hidden = showAll ? 0 : Math.max(0, responses.length - SHOWN_RESPONSES);
  return (
    <div className="mt-3 flex flex-col gap-2">
      {hidden > 0 && (
        <button type="button" onClick={() => setShowAll(true)} className={`${textLink} self-start text-sm`}>
          Show {plural(hidden, 'earlier response')}
        </button>
      )}
      <ol className="flex flex-col gap-2" aria-label="Responses">
        {responses.slice(hidden).map((response) => (
          <ResponseItem key={response.id} response={response} />
        ))}
      </ol>
    </div>
  );
}

/**
 * One request on the admin screen (spec section 2): who asked, what, when, its status and
 * responses oldest first, and the admin's actions. A reply the admin has not read is marked;
 * opening Respond or "Mark read" clears it.
 */
export function FeatureRequestCard({ request }: { request: AdminFeatureRequest }) {
  const [responding, setResponding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const setStatus = useSetStatus();
  const markRead = useMarkRequestRead();
  const remove = useDeleteFeatureRequest();
  const headingId = useId();
  // The chosen status shows at once; a failure puts the saved one back.
  const shownStatus: FeatureRequestStatus = setStatus.isPending ? setStatus.variables.status : request.status;
  const name = request.user.displayName?.trim();

  const openResponse = () => {
    setResponding(true);
    if (request.hasUnreadUserReply && !markRead.isPending) markRead.mutate(request.id);
  };

  return (
    <article
      aria-labelledby={headingId}
      className={`${card} p-4 sm:p-5 ${request.hasUnreadUserReply ? 'border-accent-500 ring-1 ring-accent-500' : ''}`}
      data-testid="feature-request"
      data-id={request.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate font-semibold text-fg">
            {name || request.user.email}
          </h2>
          {name && <p className="truncate text-sm text-muted">{request.user.email}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {request.hasUnreadUserReply && (
            <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread-reply">
              Unread reply
            </span>
          )}
          <StatusBadge status={request.status} />
        </div>
      </header>
      <p className="mt-3 break-words whitespace-pre-wrap text-fg" data-testid="feature-request-text">
        {request.text}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
        <span data-testid="response-count">{plural(request.responseCount, 'response')}</span>
        {request.conversationId && (
          <Link to={`/messages?c=${encodeURIComponent(request.conversationId)}`} className={textLink}>
            Open conversation
          </Link>
        )}
      </p>
      <Responses responses={request.responses} />
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <button type="button" className={`${primaryButton} ${smallButton}`} onClick={openResponse} data-testid="respond">
          <MessageSquareReply aria-hidden className="size-4" />
          Respond
        </button>
        {request.hasUnreadUserReply && (
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => markRead.mutate(request.id)} disabled={markRead.isPending}>
            <CheckCheck aria-hidden className="size-4" />
            Mark read
          </button>
        )}
        <label className="flex items-center gap-2 text-sm text-muted">
          Status
          <select
            value={shownStatus}
            disabled={setStatus.isPending}
            onChange={(event) => {
              const status = FEATURE_REQUEST_STATUSES.find((s) => s === event.target.value);
              if (status && status !== request.status) setStatus.mutate({ id: request.id, status });
            }}
            className={`rounded-md border border-line bg-surface px-2 py-1.5 text-sm text-fg disabled:opacity-60 ${focusRing}`}
            data-testid="status-select"
          >
            {FEATURE_REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {FEATURE_REQUEST_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton} ml-auto text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200`}
          onClick={() => setConfirmingDelete(true)}
          disabled={remove.isPending}
          data-testid="delete-feature-request"
        >
          <Trash2 aria-hidden className="size-4" />
          Delete
        </button>
      </div>
      <RespondDialog request={request} open={responding} onOpenChange={setResponding} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete feature request"
        description={FEATURE_REQUEST_TEXTS.confirmDelete}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => remove.mutate(request.id)}
      />
    </article>
  );
}
