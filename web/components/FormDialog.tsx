import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { dangerButton } from './ui';
import { DialogFooter } from './DialogFooter';
import { DialogHeader } from './DialogHeader';
import { useDialogFocus } from './dialog-focus';
import { ErrorText } from './ErrorText';
import { dialogOverlay, dialogPanel, dialogPanelScrolling, primaryButton } from './ui';

const dialogPanelNarrow = `${dialogPanel} flex max-h-[calc(100dvh-2rem)] max-w-md flex-col`;

export interface FormDialogProps {
  open: boolean;
  /** Asked to close (Cancel, the × button, Escape, a click outside); never while `pending`. */
  onOpenChange: (open: boolean) => void;
  title: string;
  /**
   * Above the fields, and the dialog's accessible description: text shown muted, or with
   * `descriptionAsChild` one element that is the description itself (a quoted request).
   * Without it the dialog has no description.
   */
  description?: ReactNode;
  descriptionAsChild?: boolean;
  /** The fields, in order; the error shows under them. */
  children: ReactNode;
  /** The refusal to show under the fields; the fields it is about name `errorId` in `aria-describedby`. */
  error: string | null;
  errorId: string;
  errorTestId?: string;
  /** The dialog's work is under way: its buttons are disabled and it will not close. */
  pending: boolean;
  submitLabel: string;
  /** The submit button's text while pending. */
  pendingLabel: string;
  submitDisabled?: boolean;
  tone?: 'default' | 'danger';
  /** Called on Submit or Enter in a field; the form's own checks are the caller's. */
  onSubmit: () => void;
  /** A narrower panel, for a dialog with one short field. */
  narrow?: boolean;
  testId: string;
  submitTestId: string;
  /** Where the focus goes on closing, rather than back to what had it when the dialog opened (dialog-focus.ts). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The frame every form dialog shares: the title with a close button, the fields, the error,
 * then Cancel and the submit button. What was typed is the caller's to keep or clear.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  descriptionAsChild = false,
  children,
  error,
  errorId,
  errorTestId,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled = false,
  tone = 'default',
  onSubmit,
  narrow = false,
  testId,
  submitTestId,
  returnFocusTo,
}: FormDialogProps) {
  const focus = useDialogFocus(returnFocusTo);
  return (
    // Closing while the work is on its way would hide whether it went through.
    <Dialog.Root open={open} onOpenChange={(next) => (next || !pending) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content
          data-testid={testId}
          className={narrow ? dialogPanelNarrow : dialogPanelScrolling}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          {...focus}
        >
          <DialogHeader title={title} closeDisabled={pending} />
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
              {description !== undefined &&
                (descriptionAsChild ? (
                  <Dialog.Description asChild>{description}</Dialog.Description>
                ) : (
                  <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
                ))}
              {children}
              {error && (
                <ErrorText id={errorId} data-testid={errorTestId}>
                  {error}
                </ErrorText>
              )}
            </div>
            <DialogFooter pending={pending}>
              <button type="submit" className={tone === 'danger' ? dangerButton : primaryButton} disabled={pending || submitDisabled} data-testid={submitTestId}>
                {pending ? pendingLabel : submitLabel}
              </button>
            </DialogFooter>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
