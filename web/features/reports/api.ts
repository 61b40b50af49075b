import { REPORT_TEXTS, reportCreatedSchema, type ReportCreate } from '@common/moderation';
import { apiFetch } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

/** POST /api/reports: the answer's toast is REPORT_TEXTS.submitted; a refusal is shown in the dialog, not toasted. */
export const sendReport = (report: ReportCreate) => apiFetch('/api/reports', { method: 'POST', body: report, schema: reportCreatedSchema });

/** Reporting changes nothing this person sees (the queue is the admins'), so nothing is refetched. */
export function useReport() {
  return useApiMutation({
    request: sendReport,
    success: REPORT_TEXTS.submitted,
    failure: false,
    reportAs: 'report_submitted',
  });
}
