import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@common/shared/first-load-numbers';
import { ToastContext, type ShowToast, type Toast } from './toast-context';
import { ToastViewport } from './ToastViewport';

let lastToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const toast = useCallback<ShowToast>((message, type = 'info', duration = TOAST_DURATION_MS) => {
    lastToastId += 1;
    const id = `toast-${lastToastId}`;
    setToasts((current) => [...current, { id, message, type, duration }]);
  }, []);

  const remove = useCallback((id: string) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  const value = useMemo(() => toast, [toast]);

  return (
    <ToastContext value={value}>
      {children}
      <ToastViewport toasts={toasts} onRemove={remove} />
    </ToastContext>
  );
}
