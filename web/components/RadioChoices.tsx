import { useId, type ReactNode } from 'react';

export interface RadioChoice<C extends string> {
  value: C;
  label: ReactNode;
  /** A second line under the label. */
  hint?: ReactNode;
  disabled?: boolean;
}

interface RadioChoicesProps<C extends string> {
  legend: ReactNode;
  options: ReadonlyArray<RadioChoice<C>>;
  /** Nothing is chosen for the person until they choose. */
  value: C | null;
  onChange: (value: C) => void;
  /** The error the form shows for this choice, when it is about it. */
  describedBy?: string;
  testId?: string;
  optionTestId: (value: C) => string;
}

/** A required choice as bordered radio rows, the chosen one tinted (report reasons, a report's outcome). */
export function RadioChoices<C extends string>({ legend, options, value, onChange, describedBy, testId, optionTestId }: RadioChoicesProps<C>) {
  const name = useId();
  const withHints = options.some((option) => option.hint !== undefined);
  return (
    <fieldset aria-describedby={describedBy} data-testid={testId}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className={`mt-2 flex flex-col ${withHints ? 'gap-2' : 'gap-1'}`}>
        {options.map((option) => {
          const chosen = value === option.value;
          return (
            <label
              key={option.value}
              className={`flex gap-3 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500 ${withHints ? 'items-start' : 'items-center'} ${
                option.disabled ? 'cursor-not-allowed border-line text-muted' : chosen ? 'cursor-pointer border-accent-500 bg-accent-soft text-accent-soft-ink' : 'cursor-pointer border-line text-fg hover:bg-subtle'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className={`size-4 shrink-0 accent-accent-700 focus:outline-none ${withHints ? 'mt-0.5' : ''}`}
                data-testid={optionTestId(option.value)}
              />
              {option.hint === undefined ? (
                option.label
              ) : (
                <span className="flex flex-col gap-0.5">
                  <span className="font-semibold">{option.label}</span>
                  <span className={option.disabled || chosen ? '' : 'text-muted'}>{option.hint}</span>
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
