import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogRadix';

export type { ConfirmDialogProps };


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
