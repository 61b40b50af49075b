import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { counterText, textLength } from '@common/profile/profile';
import { focusRing, inputField, primaryButton, secondaryButton } from '../../components/ui';

const errorText = 'text-sm text-red-700 dark:text-red-300';
const smallButton = 'px-3 py-1.5';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows `n/max` and turns it red above the limit. */
  max?: number;
  hint?: string;
  error?: string | null;
  multiline?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  testId?: string;
  inputMode?: 'text' | 'url';
  /** For a field whose section heading already names it: the label is for screen readers only. */
  hideLabel?: boolean;
}

/** A labelled input or textarea with its hint, counter and error, all tied to it for screen readers. */
export function TextField({ label, value, onChange, max, hint, error, multiline, placeholder, autoFocus, testId, inputMode, hideLabel }: TextFieldProps) {
  const id = useId();
  const length = textLength(value);
  const over = max !== undefined && length > max;
  const describedBy = [hint && `${id}-hint`, max !== undefined && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    value,
    placeholder,
    autoFocus,
    'aria-describedby': describedBy,
    'aria-invalid': over || Boolean(error) || undefined,
    'data-testid': testId,
    className: `${inputField} ${hideLabel ? '' : 'mt-1'} ${over || error ? 'border-red-600 dark:border-red-400' : ''}`,
  };
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={4} onChange={(event) => onChange(event.target.value)} className={`${shared.className} resize-y`} />
      ) : (
        <input {...shared} type="text" inputMode={inputMode} autoComplete="off" spellCheck={inputMode !== 'url'} onChange={(event) => onChange(event.target.value)} />
      )}
      {(hint || max !== undefined) && (
        <div className="mt-1 flex items-start justify-between gap-3 text-xs">
          {hint ? (
            <p id={`${id}-hint`} className="text-muted">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {max !== undefined && (
            <p id={`${id}-count`} className={`shrink-0 tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`} data-testid={testId && `${testId}-count`}>
              {counterText(length, max)}
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={`mt-1 ${errorText}`} data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface EditableSectionProps {
  title: string;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  saveDisabled: boolean;
  saving: boolean;
  /** The saved value(s), shown outside edit mode. */
  view: ReactNode;
  /** The fields, shown in edit mode. */
  children: ReactNode;
  testId: string;
}

/**
 * A profile section that toggles between view and edit (spec section 4). Cancel drops the
 * draft, so the saved values show again; focus returns to Edit when editing ends.
 */
export function EditableSection({ title, editing, onEdit, onCancel, onSave, saveDisabled, saving, view, children, testId }: EditableSectionProps) {
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saveDisabled && !saving) onSave();
  };
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="py-5 first:pt-0 last:pb-0">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-fg">
          {title}
        </h3>
        {!editing && (
          <button ref={editButton} type="button" onClick={onEdit} className={`${secondaryButton} ${smallButton}`}>
            Edit<span className="sr-only"> {title}</span>
          </button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} className="mt-3 space-y-4" noValidate>
          {children}
          <div className="flex gap-2">
            <button type="submit" className={`${primaryButton} ${smallButton}`} disabled={saveDisabled || saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button type="button" onClick={onCancel} className={`${secondaryButton} ${smallButton}`} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-2">{view}</div>
      )}
    </section>
  );
}

/** A saved value, or a quiet 'Not set'. */
export function SavedValue({ value, multiline, testId }: { value: string; multiline?: boolean; testId?: string }) {
  if (!value) {
    return (
      <p className="text-sm text-muted italic" data-testid={testId}>
        Not set
      </p>
    );
  }
  return (
    <p className={`text-sm break-words text-fg ${multiline ? 'whitespace-pre-line' : ''}`} data-testid={testId}>
      {value}
    </p>
  );
}

interface StatTileProps {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  unit?: string;
  testId?: string;
  children?: ReactNode;
}

/** One figure of a stats grid: use inside a <dl>. */
export function StatTile({ icon: Icon, label, value, unit, testId, children }: StatTileProps) {
  return (
    <div className="rounded-lg bg-subtle p-3" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted">
        <Icon aria-hidden className="size-4 shrink-0 text-accent-ink" />
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold text-fg tabular-nums" data-testid={testId && `${testId}-value`}>
        {value}
        {unit && <span className="text-sm font-medium text-muted"> {unit}</span>}
      </dd>
      {children && <dd className="mt-1">{children}</dd>}
    </div>
  );
}

export const linkButton = `inline-flex items-center gap-1 rounded-sm text-xs font-medium text-accent-ink underline hover:no-underline ${focusRing}`;
