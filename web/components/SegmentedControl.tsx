import { focusRing } from './ui';

interface SegmentedControlProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}

/** A row of mutually exclusive buttons (filters, sort orders); the chosen one is pressed. */
export function SegmentedControl<T extends string>({ label, options, value, onChange, testId }: SegmentedControlProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-line bg-surface p-1" data-testid={testId}>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${focusRing} ${active ? 'bg-accent-700 text-white' : 'text-muted hover:bg-subtle hover:text-fg'}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
