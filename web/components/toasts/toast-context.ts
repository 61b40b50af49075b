import { createContext, useContext } from 'react';

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Spec section 3: a toast is { id, message, type, duration }. */
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
}

export type ShowToast = (message: string, type?: ToastType, duration?: number) => void;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): { toast: ShowToast } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return { toast };
}
