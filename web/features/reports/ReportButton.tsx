import { useRef, useState } from 'react';
import { Flag } from 'lucide-react';
import { focusRing } from '../../components/ui';
import { useReported } from './api';
import { ReportDialog, warmReportDialog } from './ReportDialog';
import type { ReportTarget } from './target';

interface ReportButtonProps extends ReportTarget {
  /** 'icon': a small flag (comments); 'label': flag and "Report" (story page, profile). */
  variant?: 'icon' | 'label';
  /** Whose content it is, for the accessible name ("Report comment by Ada"). */
  authorName?: string;
  className?: string;
}

const iconShape = `inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted ${focusRing}`;
const labelShape = `inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-muted ${focusRing}`;
/** Pointing at it: a live control lights up; a "Reported" one does not. */
const live = 'hover:bg-subtle hover:text-fg';

/**
 * "Report" on someone else's story, comment or profile (the caller shows it only then): opens
 * the report dialog. Once this reader has reported it (now, or ever: a report is once each) it
 * reads "Reported" and does nothing more. It stays the same focusable button, so focus comes
 * back to it when the dialog closes and a screen reader still hears it.
 */
export function ReportButton({ targetType, targetId, variant = 'label', authorName, className = '' }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const reported = useReported(targetType, targetId);
  const what = authorName ? `${targetType} by ${authorName}` : targetType;
  const word = reported ? 'Reported' : 'Report';
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => !reported && setOpen(true)}
        onPointerEnter={reported ? undefined : warmReportDialog}
        onFocus={reported ? undefined : warmReportDialog}
        aria-disabled={reported || undefined}
        aria-label={variant === 'icon' ? `${word} ${what}` : undefined}
        aria-haspopup={reported ? undefined : 'dialog'}
        title={variant === 'icon' ? word : undefined}
        className={`${variant === 'icon' ? iconShape : labelShape} ${reported ? 'cursor-default' : live} ${className}`}
        data-testid={`report-${targetType}`}
        data-reported={reported || undefined}
      >
        <Flag aria-hidden className={`size-4 ${reported ? 'fill-current' : ''}`} />
        {variant === 'label' && word}
      </button>
      <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} returnFocusTo={button} />
    </>
  );
}
