import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { TOAST_EXIT_MS } from '@common/shared/limits';
import type { Toast, ToastType } from './toast-context';

const TYPE_STYLES: Record<ToastType, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'border-green-600 text-green-800 dark:border-green-400 dark:text-green-200' },
  error: { icon: CircleAlert, className: 'border-red-600 text-red-800 dark:border-red-400 dark:text-red-200' },
  warning: { icon: TriangleAlert, className: 'border-amber-600 text-amber-900 dark:border-amber-400 dark:text-amber-200' },
  info: { icon: Info, className: 'border-accent-600 text-accent-900 dark:border-accent-400 dark:text-accent-200' },
};

/** One toast; loaded with the first toast a page shows (ToastViewport.tsx). */
export function ToastItem({ toast, onRemove }: { toast: Toast; onRemove: (id: string) => void }) {
  const [leaving, setLeaving] = useState(false);
  const { icon: Icon, className } = TYPE_STYLES[toast.type];

  useEffect(() => {
    const timer = window.setTimeout(() => setLeaving(true), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.duration]);

  useEffect(() => {
    if (!leaving) return undefined;
    const timer = window.setTimeout(() => onRemove(toast.id), TOAST_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [leaving, onRemove, toast.id]);

  return (
    <div
      role={toast.type === 'error' ? 'alert' : undefined}
      data-testid="toast"
      data-type={toast.type}
      data-state={leaving ? 'leaving' : 'open'}
      className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 bg-surface p-4 shadow-lg ring-1 ring-line ${className}`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 text-sm font-medium text-fg">{toast.message}</p>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => setLeaving(true)}
        className="rounded p-0.5 text-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
