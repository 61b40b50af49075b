import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { formatNumber } from '../lib/format';
import { inputField } from './ui';

interface CountedTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'onChange' | 'value' | 'id'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  /** The most characters allowed: the counter turns red past it (the form refuses it). */
  max: number;
  /** The counter's id, for a textarea described by it. */
  countId?: string;
  /** Shown under the counter, inside the field (an error about it). */
  children?: ReactNode;
}

/** A labelled text box with a "123 / 1,000" character counter under it, as the dialogs' long texts have. */
export function CountedTextarea({ id, label, value, onValue, max, countId, children, ...textarea }: CountedTextareaProps) {
  const over = value.length > max;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea id={id} value={value} onChange={(event) => onValue(event.target.value)} className={`${inputField} resize-y`} {...textarea} />
      <span id={countId} className={`self-end text-xs tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`}>
        {formatNumber(value.length)} / {formatNumber(max)}
      </span>
      {children}
    </div>
  );
}
