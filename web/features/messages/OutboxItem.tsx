import { RotateCw } from 'lucide-react';
import { MESSAGE_TEXTS } from '@common/messages/rules';
import { focusRing } from '../../components/ui';
import type { OutboxEntry } from './outbox';

/** A message the server does not have yet: "Sending…", or "Not sent — Retry" with its text kept. */
export function OutboxItem({ entry, onRetry }: { entry: OutboxEntry; onRetry: (entry: OutboxEntry) => void }) {
  const failed = entry.status === 'failed';
  return (
    <li className="flex flex-col items-end gap-1" data-testid="outbox-message" data-status={entry.status}>
      <p
        className={`max-w-[85%] rounded-2xl rounded-br-sm px-4 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[75%] ${
          failed ? 'border border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50' : 'bg-accent-700/70 text-white'
        }`}
        data-testid="message-text"
      >
        {entry.text}
      </p>
      {failed ? (
        <button
          type="button"
          onClick={() => onRetry(entry)}
          className={`inline-flex items-center gap-1 rounded-sm text-xs font-semibold text-red-700 hover:underline dark:text-red-300 ${focusRing}`}
          data-testid="retry-send"
        >
          <RotateCw aria-hidden className="size-3.5" />
          {MESSAGE_TEXTS.notSent}
        </button>
      ) : (
        <span className="text-xs text-muted">Sending…</span>
      )}
    </li>
  );
}
