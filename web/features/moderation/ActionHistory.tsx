import type { ModerationActionItem } from '@common/moderation';
import { formatDateTime } from '../../lib/format';
import { ACTION_HISTORY_LABELS } from './badges';

/** Actions and notes, as stored: what was done, why, by whom and when. */
export function ActionHistory({ actions, empty, testId }: { actions: ModerationActionItem[]; empty: string; testId?: string }) {
  if (actions.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid={testId}>
      {actions.map((action) => (
        <li key={action.id} className="border-l-2 border-line pl-3" data-testid="moderation-action" data-action={action.action}>
          <p className="text-sm font-semibold text-fg">{ACTION_HISTORY_LABELS[action.action]}</p>
          {action.reason && <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-fg">{action.reason}</p>}
          <p className="mt-0.5 text-xs text-muted">
            {action.admin.name} · <time dateTime={action.created_at}>{formatDateTime(action.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
