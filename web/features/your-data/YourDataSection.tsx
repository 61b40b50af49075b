import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CopyCheck, Download, Upload, XCircle } from 'lucide-react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_FILES, IMPORT_TEXTS, YOUR_DATA_TEXTS, type ImportItem, type ImportReport } from '@common/your-data/your-data';
import { card, secondaryButton, textLink } from '../../components/ui';
import { useToast } from '../../components/toasts/toast-context';
import { formatDateTime } from '../../lib/format';
import { EXPORT_DOWNLOAD_URL, exportStatusQuery, importToast, markExported, useImportStories } from './api';

const ACCEPT = '.md,.txt,.zip,text/markdown,text/plain,application/zip';

function DownloadEverything() {
  const status = useQuery(exportStatusQuery);
  const queryClient = useQueryClient();
  const waiting = status.data?.nextExportAt ?? null;
  return (
    <div className="space-y-2" data-testid="export">
      <p className="text-sm text-muted">
        A zip of your stories (as Markdown files), profile, comments, reactions, favorites, follows, messages, suggestions and writing days.
        One export a day.
      </p>
      {waiting ? (
        <>
          <button type="button" className={secondaryButton} disabled aria-describedby="export-too-soon">
            <Download aria-hidden className="size-4" />
            {YOUR_DATA_TEXTS.downloadEverything}
          </button>
          <p id="export-too-soon" className="text-sm text-fg" data-testid="export-too-soon">
            {YOUR_DATA_TEXTS.exportTooSoon}
          </p>
        </>
      ) : (
        <a
          href={EXPORT_DOWNLOAD_URL}
          download
          className={`${secondaryButton} ${status.isPending ? 'pointer-events-none opacity-60' : ''}`}
          aria-disabled={status.isPending || undefined}
          // The browser saves the zip as it streams; the day's export is taken as it starts.
          onClick={() => markExported(queryClient)}
        >
          <Download aria-hidden className="size-4" />
          {YOUR_DATA_TEXTS.downloadEverything}
        </a>
      )}
      {status.data?.lastExportAt && (
        <p className="text-xs text-muted">
          Last export: <time dateTime={status.data.lastExportAt}>{formatDateTime(status.data.lastExportAt)}</time>
        </p>
      )}
    </div>
  );
}

/** An imported story or one that already was: its title links to it, the file's name beside it. */
function StoryLine({ item, icon }: { item: ImportItem; icon: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2" data-testid={`import-${item.status}`}>
      {icon}
      <span className="min-w-0 break-words">
        <Link to={`/story/${item.storyId}`} className={textLink}>
          {item.title}
        </Link>{' '}
        <span className="text-muted">({item.file})</span>
      </span>
    </li>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const imported = report.items.filter((item) => item.status === 'imported');
  const duplicates = report.items.filter((item) => item.status === 'duplicate');
  const refused = report.items.filter((item) => item.status === 'refused');
  return (
    <div className="mt-4 space-y-3 text-sm" data-testid="import-report" aria-live="polite">
      <p className="font-medium text-fg">{importToast(report).message}</p>
      {imported.length > 0 && (
        <ul className="space-y-1" aria-label="Imported">
          {imported.map((item) => (
            <StoryLine key={item.file} item={item} icon={<CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />} />
          ))}
        </ul>
      )}
      {duplicates.length > 0 && (
        <>
          <p className="font-medium text-fg">Already imported</p>
          <ul className="space-y-1" aria-label="Already imported">
            {duplicates.map((item) => (
              <StoryLine key={item.file} item={item} icon={<CopyCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />} />
            ))}
          </ul>
        </>
      )}
      {refused.length > 0 && (
        <>
          <p className="font-medium text-fg">Not imported</p>
          <ul className="space-y-1" aria-label="Not imported">
            {refused.map((item) => (
              <li key={item.file} className="flex min-w-0 items-start gap-2" data-testid="import-refused">
                <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" />
                <span className="min-w-0 break-words">
                  <span className="font-medium text-fg">{item.file}</span>: <span className="text-muted">{item.reason}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ImportStories() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importStories = useImportStories();
  const { toast } = useToast();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same files may be chosen again after a fix.
    event.target.value = '';
    if (files.length === 0) return;
    // The server refuses these too; saying so here saves sending megabytes for nothing.
    if (files.length > IMPORT_MAX_FILES) return toast(IMPORT_TEXTS.tooMany, 'error');
    if (files.reduce((sum, file) => sum + file.size, 0) > IMPORT_MAX_BYTES) return toast(IMPORT_TEXTS.uploadTooLarge, 'error');
    setReport(null);
    importStories.mutate(files, {
      onSuccess: (answer) => {
        setReport(answer);
        const { message, type } = importToast(answer);
        toast(message, type);
      },
    });
  };

  return (
    <div className="space-y-2 border-t border-line pt-5" data-testid="import">
      <p className="text-sm text-muted">
        Markdown (.md) or text (.txt) files, or a .zip of them (such as the stories folder of an export), become private stories. A title comes
        from the file&rsquo;s front matter, its first # heading, or its name.
      </p>
      <input ref={fileInput} type="file" multiple accept={ACCEPT} className="sr-only" tabIndex={-1} onChange={choose} data-testid="import-files" aria-hidden />
      <button type="button" className={secondaryButton} onClick={() => fileInput.current?.click()} disabled={importStories.isPending}>
        <Upload aria-hidden className="size-4" />
        {importStories.isPending ? 'Importing…' : YOUR_DATA_TEXTS.importStories}
      </button>
      {report && <ImportResult report={report} />}
    </div>
  );
}

/**
 * Settings → Your data: "Download everything" (one zip a day) and "Import stories". The same
 * card as the other settings sections (settings/SettingsSection.tsx, which settings does not
 * export to other features); #your-data is where the deletion email's link lands.
 */
export function YourDataSection() {
  const headingId = useId();
  return (
    <section id="your-data" aria-labelledby={headingId} className={`${card} min-w-0 scroll-mt-20`} data-testid="settings-your-data">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">Your writing is yours: take all of it with you, or bring stories in.</p>
      <div className="mt-4 space-y-5">
        <DownloadEverything />
        <ImportStories />
      </div>
    </section>
  );
}
