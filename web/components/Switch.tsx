import { useId, type ReactNode } from 'react';
import { focusRing } from './ui';

interface SwitchProps {
  label: string;
  /** Read with the label: what the switch does (may hold a link). */
  hint?: ReactNode;
  /** Said before the label by screen readers only, where two switches share a label (e.g. "Email: "). */
  srPrefix?: string;
  on: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  testId?: string;
  /** Where the switch sits beside a label that wraps: level with its first line (the default) or centred. */
  align?: 'start' | 'center';
}

/** An on/off switch row: the label (and hint) on the left, named and described by them; the switch on the right. */
export function Switch({ label, hint, srPrefix, on, onChange, disabled, testId, align = 'start' }: SwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={`flex min-w-0 justify-between gap-4 ${align === 'center' ? 'items-center' : 'items-start'}`}>
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-fg">
          {srPrefix && <span className="sr-only">{srPrefix}</span>}
          {label}
        </p>
        {hint && (
          <p id={hintId} className="mt-0.5 text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => onChange(!on)}
        data-testid={testId}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${focusRing} ${on ? 'bg-accent-700' : 'bg-line'}`}
      >
        <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}
