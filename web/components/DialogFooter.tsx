import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { secondaryButton } from './ui';

/**
 * The bottom bar of a dialog (dialogPanelScrolling): Cancel, then the dialog's own button
 * (`children`), side by side from 640 px and stacked with the action on top below it.
 * Cancel is disabled while the dialog's work is under way.
 */
export function DialogFooter({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
      <Dialog.Close type="button" className={secondaryButton} disabled={pending}>
        Cancel
      </Dialog.Close>
      {children}
    </div>
  );
}
