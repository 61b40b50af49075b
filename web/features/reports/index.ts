export { ReportButton } from './ReportButton';
export { ReportDialog, warmReportDialog } from './ReportDialog';
export { useReported } from './api';
export type { ReportTarget, ReportTargetKind } from './target';
