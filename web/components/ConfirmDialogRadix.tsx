import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useDialogFocus } from './dialog-focus';
import { dangerButton, focusRing, secondaryButton, dialogOverlay, dialogPanel } from './ui';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, word for word (spec section 5 confirm texts). */
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'default';
  onConfirm: () => void;
}

const confirmButton = `inline-flex items-center justify-center gap-2 rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-800 ${focusRing}`;

/** The Radix dialog behind ConfirmDialog, loaded the first time one opens. */
export function ConfirmDialogRadix({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancel', tone = 'default', onConfirm }: ConfirmDialogProps) {
  const focus = useDialogFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlay} />
        <AlertDialog.Content
          data-testid="confirm-dialog"
          {...focus}
          className={`${dialogPanel} max-w-md p-6`}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={secondaryButton}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={tone === 'danger' ? dangerButton : confirmButton} onClick={onConfirm} data-testid="confirm-action">
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
