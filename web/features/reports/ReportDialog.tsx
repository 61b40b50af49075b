import { lazy, Suspense, useState } from 'react';
import type { ReportDialogProps } from './ReportDialogRadix';

export type { ReportDialogProps };


// Closed on every screen that has one until someone reports: the dialog's code (Radix, the
// report schemas) loads then, so the screens that offer "Report" do not grow.
const ReportDialogRadix = lazy(() => import('./ReportDialogRadix').then((m) => ({ default: m.ReportDialogRadix })));

/** "Report story/comment/profile/message": a category, an optional note, Submit and Cancel. */
export function ReportDialog(props: ReportDialogProps) {
  // Once opened it stays mounted (its code is loaded, what was chosen is kept until sent).
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialogRadix {...props} />
    </Suspense>
  );
}

/** For a pointer or focus on a Report control: fetch the dialog's code before the click. */
export const warmReportDialog = () => void import('./ReportDialogRadix').catch(() => undefined);
