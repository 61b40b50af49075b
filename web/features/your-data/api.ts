import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { yourDataContracts } from '@common/your-data/contract';
import { importReportSchema, IMPORT_TEXTS, type ExportStatus, type ImportReport } from '@common/your-data/your-data';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { storyKeys } from '../../lib/query-keys';
import { sendForm } from '../../lib/upload';

/** Settings → Your data: the export's state and the story import. Keys used by this feature only. */
export const yourDataKeys = { exportStatus: ['your-data', 'export'] as const };

/** The zip itself is a plain download (the browser saves it as it streams); this is its address. */
export const EXPORT_DOWNLOAD_URL = '/api/export/download';
const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const exportStatusQuery = queryOptions({
  queryKey: yourDataKeys.exportStatus,
  queryFn: ({ signal }) => callRoute(yourDataContracts.exportStatus, { signal }),
  // Another tab or device may have exported since: ask afresh on every visit.
  staleTime: 0,
});

/**
 * The download was just started: the day's export is taken. Shown at once, without waiting
 * for the zip (which the browser fetches on its own); the next visit reads the server's word.
 */
export function markExported(queryClient: QueryClient, now = Date.now()): void {
  queryClient.setQueryData<ExportStatus>(yourDataKeys.exportStatus, {
    lastExportAt: new Date(now).toISOString(),
    nextExportAt: new Date(now + EXPORT_INTERVAL_MS).toISOString(),
  });
}

/**
 * POST /api/import: every chosen file in the multipart field `files`. Sent once, never retried
 * on its own: a retry after a lost answer would import the stories twice.
 */
export const useImportStories = () =>
  useApiMutation({
    request: async (files: readonly File[]): Promise<ImportReport> => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      const body = await sendForm('/api/import', form);
      return importReportSchema.parse(body);
    },
    // A failure toasts the server's reason (too often, too large) and is logged under the import's event.
    reportAs: 'stories_imported',
    onSuccess: async (report, _files, queryClient) => {
      if (report.imported > 0) await queryClient.invalidateQueries({ queryKey: storyKeys.all });
    },
  });

/** The toast once an import is answered: how many stories came in; that every one was already in; or that none did. */
export function importToast(report: ImportReport): { message: string; type: 'success' | 'info' | 'warning' } {
  if (report.imported > 0) return { message: IMPORT_TEXTS.imported(report.imported), type: 'success' };
  if (report.duplicates > 0 && report.refused === 0) return { message: IMPORT_TEXTS.allAlreadyImported(report.duplicates), type: 'info' };
  return { message: IMPORT_TEXTS.nothingImported, type: 'warning' };
}
