export { ReportButton } from './ReportButton';
export { ReportDialog, warmReportDialog } from './ReportDialog';
export type { ReportTarget, ReportTargetKind } from './target';
