import { lazy, Suspense } from 'react';
import type { Toast } from './toast-context';

// The live region is there from the start (so screen readers announce what enters it); the toasts' own code loads with the first one.
const ToastItem = lazy(() => import('./ToastItem').then((m) => ({ default: m.ToastItem })));

export function ToastViewport({ toasts, onRemove }: { toasts: Toast[]; onRemove: (id: string) => void }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-20 right-4 left-4 z-[100] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
    >
      <Suspense fallback={null}>
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onRemove={onRemove} />
        ))}
      </Suspense>
    </div>
  );
}

