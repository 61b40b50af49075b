import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportContracts } from '@common/reports/contract';
import { REPORT_TEXTS, type ReportCreate } from '@common/moderation/moderation';
import { REPORTED_IDS_MAX } from '@common/reports/report-state';
import { isApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import type { ReportTargetKind } from './target';

/** Whether the reader has reported this thing: once each, ever, so the answer only ever turns true. */
export const reportedKey = (targetType: ReportTargetKind, targetId: string) => ['reports', 'mine', targetType, targetId] as const;

interface Waiter {
  resolve: (reported: boolean) => void;
  reject: (error: unknown) => void;
}

const queued = new Map<ReportTargetKind, Map<string, Waiter[]>>();
let flushing: ReturnType<typeof setTimeout> | null = null;

/** One GET /api/reports/mine per kind for every question asked in the same moment (a page of comments mounts its buttons together). */
function flush() {
  flushing = null;
  const batches = [...queued];
  queued.clear();
  for (const [targetType, waiters] of batches) {
    const ids = [...waiters.keys()];
    for (let start = 0; start < ids.length; start += REPORTED_IDS_MAX) {
      const chunk = ids.slice(start, start + REPORTED_IDS_MAX);
      const settle = (each: (waiter: Waiter, id: string) => void) => chunk.forEach((id) => waiters.get(id)?.forEach((waiter) => each(waiter, id)));
      callRoute(reportContracts.mine, { query: { targetType, ids: chunk.join(',') } })
        .then(({ reported }) => {
          const yes = new Set(reported);
          settle((waiter, id) => waiter.resolve(yes.has(id)));
        })
        .catch((error: unknown) => settle((waiter) => waiter.reject(error)));
    }
  }
}

function askReported(targetType: ReportTargetKind, targetId: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const waiters = queued.get(targetType) ?? new Map<string, Waiter[]>();
    queued.set(targetType, waiters);
    waiters.set(targetId, [...(waiters.get(targetId) ?? []), { resolve, reject }]);
    flushing ??= setTimeout(flush, 0);
  });
}

export const reportedQuery = (targetType: ReportTargetKind, targetId: string) =>
  queryOptions({ queryKey: reportedKey(targetType, targetId), queryFn: () => askReported(targetType, targetId), staleTime: Infinity });

/** Whether the signed-in reader has reported it (false while unknown): the Report control then reads "Reported". */
export function useReported(targetType: ReportTargetKind, targetId: string): boolean {
  return useQuery(reportedQuery(targetType, targetId)).data === true;
}

/** POST /api/reports: the answer's toast is REPORT_TEXTS.submitted; a refusal is shown in the dialog, not toasted. */
export const sendReport = (report: ReportCreate) => callRoute(reportContracts.create, { body: report });

/**
 * The queue is the admins', so nothing this person sees is refetched: only their own Report
 * control turns to "Reported", once sent or once the server says it already was.
 */
export function useReport() {
  const queryClient = useQueryClient();
  const markReported = ({ targetType, targetId }: ReportCreate) => queryClient.setQueryData(reportedKey(targetType, targetId), true);
  return useApiMutation({
    request: sendReport,
    success: REPORT_TEXTS.submitted,
    failure: false,
    reportAs: 'report_submitted',
    onSuccess: (_created, report) => markReported(report),
    onError: (error, report) => {
      if (isApiError(error) && error.status === 409) markReported(report);
    },
  });
}
