import * as Dialog from '@radix-ui/react-dialog';
import { type ImportSummary } from '@common/greetings/greetings';
import { formatImportSummary } from '@common/greetings/rules';
import { primaryButton, dialogOverlay, dialogPanelScrolling } from '../../components/ui';
import { DialogHeader } from '../../components/DialogHeader';
import { DialogFooter } from '../../components/DialogFooter';
import { useDialogFocus } from '../../components/dialog-focus';

/** A file of thousands of bad lines still opens quickly: the first ones say what is wrong. */
const ERRORS_SHOWN = 100;

interface ImportDialogProps {
  preview: { fileName: string; summary: ImportSummary } | null;
  importing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The import preview: what the file would change, the lines it leaves out, and Confirm or Cancel. Nothing is written before Confirm. */
export function ImportDialog({ preview, importing, onConfirm, onCancel }: ImportDialogProps) {
  const errors = preview?.summary.errors ?? [];
  const focus = useDialogFocus();
  return (
    <Dialog.Root open={preview !== null} onOpenChange={(open) => !open && !importing && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content
          data-testid="import-preview"
          {...focus}
          className={dialogPanelScrolling}
        >
          <DialogHeader title="Import greetings" subtitle={preview?.fileName} closeDisabled={importing} />
          <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 py-4">
            <Dialog.Description className="font-semibold" data-testid="import-summary">
              {preview && formatImportSummary(preview.summary)}
            </Dialog.Description>
            <p className="text-sm text-muted">
              Rows whose text and punctuation match a greeting update whether it is enabled; the others are added.
              {errors.length > 0 && ' Lines with errors are left out.'}
            </p>
            {errors.length > 0 && (
              <ul className="flex flex-col gap-1 rounded-lg border border-line bg-subtle px-4 py-3 text-sm" aria-label="Lines with errors" data-testid="import-errors">
                {errors.slice(0, ERRORS_SHOWN).map((error) => (
                  <li key={error.line}>
                    <span className="font-semibold">Line {error.line}:</span> {error.message}
                  </li>
                ))}
                {errors.length > ERRORS_SHOWN && <li className="text-muted">…and {errors.length - ERRORS_SHOWN} more.</li>}
              </ul>
            )}
          </div>
          <DialogFooter pending={importing}>
            <button type="button" className={primaryButton} onClick={onConfirm} disabled={importing} data-testid="confirm-import">
              {importing ? 'Importing…' : 'Confirm import'}
            </button>
          </DialogFooter>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
