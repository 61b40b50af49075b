import { lazy, Suspense, useState } from 'react';
import { focusRing } from './ui';

export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

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

// Closed on every screen that has one until someone asks: Radix's dialog code loads then.
const ConfirmDialogRadix = lazy(() => import('./ConfirmDialogRadix').then((m) => ({ default: m.ConfirmDialogRadix })));

/** A modal question with Cancel (focused first, so Enter never confirms by accident) and a confirm button. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Once opened it stays mounted, so closing returns focus as Radix does.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogRadix {...props} />
    </Suspense>
  );
}
