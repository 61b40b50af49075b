import { useState } from 'react';
import { Flag } from 'lucide-react';
import { focusRing } from '../../components/ui';
import { ReportDialog, warmReportDialog } from './ReportDialog';
import type { ReportTarget } from './target';

interface ReportButtonProps extends ReportTarget {
  /** 'icon': a small flag (comments); 'label': flag and "Report" (story page, profile). */
  variant?: 'icon' | 'label';
  /** Whose content it is, for the accessible name ("Report comment by Ada"). */
  authorName?: string;
  className?: string;
}

const iconStyle = `inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg ${focusRing}`;
const labelStyle = `inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${focusRing}`;

/** "Report" on someone else's story, comment or profile (the caller shows it only then): opens the report dialog. */
export function ReportButton({ targetType, targetId, variant = 'label', authorName, className = '' }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const name = authorName ? `Report ${targetType} by ${authorName}` : `Report ${targetType}`;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={warmReportDialog}
        onFocus={warmReportDialog}
        aria-label={variant === 'icon' ? name : undefined}
        aria-haspopup="dialog"
        title={variant === 'icon' ? 'Report' : undefined}
        className={`${variant === 'icon' ? iconStyle : labelStyle} ${className}`}
        data-testid={`report-${targetType}`}
      >
        <Flag aria-hidden className="size-4" />
        {variant === 'label' && 'Report'}
      </button>
      <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
    </>
  );
}
