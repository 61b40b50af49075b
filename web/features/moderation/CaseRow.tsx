import type { CaseSummary } from '@common/moderation/moderation';
import { focusRing } from '../../components/ui';
import { formatDateTime, plural } from '../../lib/format';
import { CaseStatusBadge, CategoryChips, TARGET_TYPES, TargetType } from './badges';

const NAME_EXCERPT = 60;

/** The checkbox's name: which report it is (its kind, whose, and how it begins), so each one says which it selects. */
export function caseSelectLabel(item: Pick<CaseSummary, 'targetType' | 'target' | 'excerpt'>): string {
  const kind = TARGET_TYPES[item.targetType].label.toLowerCase();
  const text = item.excerpt.length > NAME_EXCERPT ? `${item.excerpt.slice(0, NAME_EXCERPT - 1)}…` : item.excerpt;
  return text ? `Select the report on the ${kind} by ${item.target.name}: “${text}”` : `Select the report on the ${kind} by ${item.target.name}`;
}

interface CaseRowProps {
  item: CaseSummary;
  selected: boolean;
  onOpen: () => void;
  /** Open tab only: the checkbox for "Resolve selected". */
  checked?: boolean;
  onCheck?: (checked: boolean) => void;
}

/** One queue item: what was reported, whose, by how many and why. */
export function CaseRow({ item, selected, onOpen, checked, onCheck }: CaseRowProps) {
  return (
    <div
      className={`flex gap-3 rounded-xl border bg-surface p-3 shadow-sm sm:p-4 ${selected ? 'border-accent-500 ring-1 ring-accent-500' : 'border-line'}`}
      data-testid="case-row"
      data-case-id={item.id}
    >
      {onCheck && (
        <input
          type="checkbox"
          checked={checked ?? false}
          onChange={(event) => onCheck(event.target.checked)}
          aria-label={caseSelectLabel(item)}
          className="mt-1 size-4 shrink-0 accent-accent-700"
          data-testid="case-select"
        />
      )}
      <button type="button" onClick={onOpen} aria-current={selected || undefined} className={`flex min-w-0 flex-1 flex-col gap-1.5 rounded-md text-left ${focusRing}`} data-testid="case-open">
        <span className="flex w-full flex-wrap items-center gap-x-2 gap-y-1">
          <TargetType type={item.targetType} />
          <span className="min-w-0 truncate font-semibold text-fg">{item.target.name}</span>
          {item.status === 'resolved' && <CaseStatusBadge item={item} />}
          <span className="ml-auto text-xs text-muted tabular-nums">{plural(item.reportsCount, 'reporter')}</span>
        </span>
        <span className="line-clamp-2 text-sm break-words text-fg">{item.excerpt}</span>
        <CategoryChips categories={item.categories} />
        <span className="text-xs text-muted">
          {item.assignedTo ? `Assigned to ${item.assignedTo.name} · ` : ''}
          Updated <time dateTime={item.updated_at}>{formatDateTime(item.updated_at)}</time>
        </span>
      </button>
    </div>
  );
}
