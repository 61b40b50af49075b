import { useId, useState, type FormEvent } from 'react';
import { COLOR_FORMAT_HINT, INVALID_COLOR_MESSAGE, nearestAccent, parseColor, toHex } from '@common/me/color';
import { inputField, primaryButton } from '../../components/ui';
import { logEvent } from '../../lib/event-log';
import { useTheme } from '../theme/theme-context';
import { ErrorText } from '../../components/ErrorText';

/** Long enough for any accepted format with generous spacing. */
const MAX_INPUT_CHARS = 40;

/**
 * A typed colour (spec section 5), mapped to the nearest preset accent, which is then
 * selected (section 4). Validates as the person types; Apply waits for a valid colour.
 */
export function CustomColorForm() {
  const { setColorTheme } = useTheme();
  const [value, setValue] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const rgb = parseColor(value);
  const invalid = value.trim() !== '' && rgb === null;
  const nearest = rgb ? nearestAccent(rgb) : null;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!nearest) return;
    setColorTheme(nearest);
    setApplied(nearest);
    void logEvent({ type: 'custom_color_created', action: 'apply', details: { input: value.trim(), color: nearest } });
  };

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-1.5" data-testid="custom-color-form">
      <label htmlFor={inputId} className="text-sm font-semibold text-fg">
        Custom colour
      </label>
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          data-testid="custom-color-preview"
          className="size-8 shrink-0 rounded-full border border-line"
          style={rgb ? { backgroundColor: toHex(rgb) } : undefined}
        />
        <input
          id={inputId}
          type="text"
          value={value}
          maxLength={MAX_INPUT_CHARS}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. #ff0000"
          onChange={(event) => {
            setValue(event.target.value);
            setApplied(null);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          className={`${inputField} min-w-0 flex-1`}
        />
        <button type="submit" disabled={!nearest} className={`${primaryButton} shrink-0 px-3`}>
          Apply
        </button>
      </div>
      <p id={hintId} className="text-xs text-muted">
        {COLOR_FORMAT_HINT}
      </p>
      {invalid && (
        <ErrorText id={errorId}>
          {INVALID_COLOR_MESSAGE}
        </ErrorText>
      )}
      <p role="status" className="text-sm text-fg empty:hidden" data-testid="custom-color-result">
        {applied && `Selected the nearest preset: ${applied}`}
      </p>
    </form>
  );
}
