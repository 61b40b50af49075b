import { BookMarked, BookOpen, Mail, MessageSquare, UserRound, type LucideIcon } from 'lucide-react';
import {
  REPORT_CATEGORY_LABELS,
  REPORT_CATEGORIES,
  USER_STATUS_LABELS,
  type CaseSummary,
  type ModerationActionType,
  type ReportCategory,
  type ReportTargetType,
  type UserStatus,
} from '@common/moderation/moderation';

// Each pair keeps AA contrast on its own background in light and dark.
const STATUS_TONES: Record<UserStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  warned: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  limited: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  suspended: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  deactivated: 'bg-subtle text-fg',
  waiting: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

export const pill = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <span className={`${pill} ${STATUS_TONES[status]}`} data-testid="user-status" data-status={status}>
      {USER_STATUS_LABELS[status]}
    </span>
  );
}

export const TARGET_TYPES: Record<ReportTargetType, { label: string; icon: LucideIcon }> = {
  story: { label: 'Story', icon: BookOpen },
  comment: { label: 'Comment', icon: MessageSquare },
  profile: { label: 'Profile', icon: UserRound },
  message: { label: 'Message', icon: Mail },
  anthology: { label: 'Anthology', icon: BookMarked },
};

export function TargetType({ type }: { type: ReportTargetType }) {
  const { label, icon: Icon } = TARGET_TYPES[type];
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-muted uppercase" data-testid="target-type">
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}

/** How many reporters gave each reason, most given first. */
export function CategoryChips({ categories }: { categories: Partial<Record<ReportCategory, number>> }) {
  const given = REPORT_CATEGORIES.flatMap((category) => {
    const count = categories[category];
    return count ? [{ category, count }] : [];
  }).sort((a, b) => b.count - a.count);
  return (
    // Spans, not a list: the chips sit inside the row's button.
    <span className="flex flex-wrap gap-1.5">
      {given.map(({ category, count }) => (
        <span key={category} className={`${pill} bg-accent-soft text-accent-soft-ink`} data-testid="category-chip">
          {REPORT_CATEGORY_LABELS[category]}
          {count > 1 && <span className="tabular-nums">× {count}</span>}
        </span>
      ))}
    </span>
  );
}

export function CaseStatusBadge({ item }: { item: Pick<CaseSummary, 'status' | 'outcome'> }) {
  if (item.status === 'open') return <span className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>Open</span>;
  return (
    <span className={`${pill} bg-subtle text-fg`}>
      {item.outcome === 'action' ? 'Resolved · action taken' : item.outcome === 'dismissed' ? 'Resolved · no violation' : 'Resolved'}
    </span>
  );
}

/** How the history of a case or an account names each stored action. */
export const ACTION_HISTORY_LABELS: Record<ModerationActionType, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed content',
  warn: 'Warned',
  limit: 'Limited',
  unlimit: 'Lifted limit',
  suspend: 'Suspended',
  unsuspend: 'Lifted suspension',
  delete: 'Deleted account',
  note: 'Note',
  resolve: 'Resolved',
  assign: 'Assigned',
  reopen: 'Reopened',
};
