import { useRef, useState, type ChangeEvent } from 'react';
import { Download, Upload } from 'lucide-react';
import type { ImportSummary } from '@common/greetings/greetings';
import { secondaryButton } from '../../components/ui';
import { useToast } from '../../components/toasts/toast-context';
import { EXPORT_URL, useImportGreetings, usePreviewImport } from './api';
import { ImportDialog } from './ImportDialog';
import { readImportFile } from './import-file';

/** Import CSV (file → preview → confirm) and Export CSV (the server's greetings.csv). */
export function ImportExport() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<{ fileName: string; csv: string; summary: ImportSummary } | null>(null);
  const preview = usePreviewImport();
  const apply = useImportGreetings();
  const { toast } = useToast();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a cancel or a fix.
    event.target.value = '';
    if (!file) return;
    setReading(true);
    try {
      const read = await readImportFile(file);
      if (!read.ok) return toast(read.message, 'error');
      const summary = await preview.mutateAsync(read.csv).catch(() => null);
      if (summary) setPending({ fileName: file.name, csv: read.csv, summary });
    } finally {
      setReading(false);
    }
  };

  const busy = reading || preview.isPending;
  return (
    <>
      <input ref={fileInput} type="file" accept=".csv,text/csv" className="hidden" onChange={choose} data-testid="import-file" />
      <button type="button" className={secondaryButton} onClick={() => fileInput.current?.click()} disabled={busy}>
        <Upload aria-hidden className="size-4" />
        {busy ? 'Reading…' : 'Import CSV'}
      </button>
      <a href={EXPORT_URL} download="greetings.csv" className={secondaryButton}>
        <Download aria-hidden className="size-4" />
        Export CSV
      </a>
      <ImportDialog
        preview={pending}
        importing={apply.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && apply.mutate(pending.csv, { onSuccess: () => setPending(null) })}
      />
    </>
  );
}
