import { CASE_OUTCOME_LABELS, type ModerationActionItem } from '@common/moderation/moderation';
import { formatDateTime } from '../../lib/format';
import { ACTION_HISTORY_LABELS } from './badges';

/** "Resolved · No violation", "Removed content", as the history names an action. */
function actionTitle(action: ModerationActionItem): string {
  const label = ACTION_HISTORY_LABELS[action.action];
  return action.outcome ? `${label} · ${CASE_OUTCOME_LABELS[action.outcome]}` : label;
}

/** Actions and notes, as stored: what was done (to what, for a removal), why, by whom and when. */
export function ActionHistory({ actions, empty, testId }: { actions: ModerationActionItem[]; empty: string; testId?: string }) {
  if (actions.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid={testId}>
      {actions.map((action) => (
        <li key={action.id} className="border-l-2 border-line pl-3" data-testid="moderation-action" data-action={action.action}>
          <p className="text-sm font-semibold text-fg">{actionTitle(action)}</p>
          {action.subject && <p className="mt-0.5 text-sm break-words text-muted">{action.subject}</p>}
          {action.reason && <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-fg">{action.reason}</p>}
          <p className="mt-0.5 text-xs text-muted">
            {action.admin.name} · <time dateTime={action.created_at}>{formatDateTime(action.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
