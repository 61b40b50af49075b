import { useId } from 'react';
import { CONTENT_WARNING_NOTE_MAX, CONTENT_WARNING_TEXTS, type ContentWarning } from '@common/stories/content-warning-rules';
import { inputField } from '../../../components/ui';
import { WarningCheckboxes } from '../ContentWarnings';

interface WarningPickerProps {
  warnings: ContentWarning[];
  note: string;
  problem: string | undefined;
  onChange: (change: { contentWarnings?: ContentWarning[]; contentWarningNote?: string }) => void;
}

/** The editor's content warnings: the fixed list as checkboxes, and a short note of the writer's own. */
export function WarningPicker({ warnings, note, problem, onChange }: WarningPickerProps) {
  const noteId = useId();
  const problemId = useId();
  const over = note.trim().length > CONTENT_WARNING_NOTE_MAX;
  return (
    <div className="flex flex-col gap-3" data-testid="warning-picker">
      <WarningCheckboxes
        legend={CONTENT_WARNING_TEXTS.heading}
        hint="Readers see these before the text, and can choose to open it."
        value={warnings}
        onChange={(contentWarnings) => onChange({ contentWarnings })}
        testId="warning-choices"
      />
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={noteId} className="text-sm font-medium text-fg">
            {CONTENT_WARNING_TEXTS.noteLabel}
          </label>
          <span className={`text-xs tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`}>
            {note.trim().length} / {CONTENT_WARNING_NOTE_MAX}
          </span>
        </div>
        <input
          id={noteId}
          value={note}
          onChange={(event) => onChange({ contentWarningNote: event.target.value })}
          placeholder={CONTENT_WARNING_TEXTS.notePlaceholder}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={`${inputField} mt-1.5 aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
          data-testid="warning-note-input"
        />
        {problem && (
          <p id={problemId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
