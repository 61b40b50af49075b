import { useId, useState, type RefObject } from 'react';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, REPORT_NOTE_MAX, REPORT_TEXTS, reportCreateSchema, type ReportCategory } from '@common/moderation/moderation';
import { formErrorMessage } from '../../lib/errors';
import { useReport } from './api';
import type { ReportTarget } from './target';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormDialog } from '../../components/FormDialog';
import { RadioChoices } from '../../components/RadioChoices';

export interface ReportDialogProps extends ReportTarget {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when it closes (the control that opened it, not a Radix trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The Radix dialog behind ReportDialog, loaded the first time one opens. A refusal (already
 * reported, too often, gone) shows beside the form and keeps what was chosen and typed; a sent
 * report closes it with the REPORT_TEXTS.submitted toast.
 */
export function ReportDialogRadix({ targetType, targetId, open, onOpenChange, returnFocusTo }: ReportDialogProps) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport();
  const noteId = useId();
  const noteCountId = useId();
  const errorId = useId();
  const over = note.length > REPORT_NOTE_MAX;

  const close = () => {
    setCategory(null);
    setNote('');
    setError(null);
    report.reset();
    onOpenChange(false);
  };

  const submit = () => {
    const parsed = reportCreateSchema.safeParse({ targetType, targetId, category, note });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(issue?.path[0] === 'category' ? 'Please choose a reason.' : (issue?.message ?? 'Please check your report.'));
    }
    setError(null);
    report.mutate(parsed.data, { onSuccess: close, onError: (failure) => setError(formErrorMessage(failure)) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={REPORT_TEXTS.reportTitle(targetType)}
      error={error}
      errorId={errorId}
      errorTestId="report-error"
      pending={report.isPending}
      submitLabel="Submit"
      pendingLabel="Submitting…"
      submitDisabled={over}
      onSubmit={submit}
      testId="report-dialog"
      submitTestId="submit-report"
      returnFocusTo={returnFocusTo}
    >
      <RadioChoices
        legend="Why are you reporting this?"
        options={REPORT_CATEGORIES.map((value) => ({ value, label: REPORT_CATEGORY_LABELS[value] }))}
        value={category}
        onChange={(value) => {
          setCategory(value);
          setError(null);
        }}
        describedBy={error ? errorId : undefined}
        optionTestId={(value) => `report-category-${value}`}
      />
      <CountedTextarea
        id={noteId}
        label={
          <>
            Note <span className="font-normal text-muted">(optional)</span>
          </>
        }
        value={note}
        onValue={(value) => {
          setNote(value);
          setError(null);
        }}
        max={REPORT_NOTE_MAX}
        countId={noteCountId}
        rows={4}
        placeholder="Anything the moderators should know"
        aria-describedby={noteCountId}
        aria-invalid={over ? true : undefined}
        data-testid="report-note"
      />
    </FormDialog>
  );
}
