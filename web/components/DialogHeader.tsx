import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { iconButton } from './ui';

/**
 * The top of a form dialog (dialogPanelScrolling): its title, an optional line under it, and
 * the close button, which is disabled while the dialog's work is under way.
 */
export function DialogHeader({ title, subtitle, closeDisabled = false }: { title: ReactNode; subtitle?: ReactNode; closeDisabled?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-2 border-b border-line px-5 py-4">
      <div className="min-w-0">
        <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
        {subtitle !== undefined && <p className="mt-0.5 truncate text-sm text-muted">{subtitle}</p>}
      </div>
      <Dialog.Close className={`${iconButton} -mt-1 -mr-2`} aria-label="Close" disabled={closeDisabled}>
        <X aria-hidden className="size-5" />
      </Dialog.Close>
    </div>
  );
}
