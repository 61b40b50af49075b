import { useId, type RefObject } from 'react';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, REPORT_NOTE_MAX, REPORT_TEXTS, reportCreateSchema, type ReportCategory } from '@common/moderation/moderation';
import { formErrorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
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
  const report = useReport();
  const noteId = useId();
  const noteCountId = useId();
  const form = useSchemaForm(reportCreateSchema, {
    initial: { category: null as ReportCategory | null, note: '' },
    input: (values) => ({ targetType, targetId, ...values }),
    fallback: 'Please check your report.',
    // The schema's sentence about a missing category is written for the API.
    refusal: (issue) => (issue.path[0] === 'category' ? 'Please choose a reason.' : issue.message),
    markFields: false,
    onSubmit: (reported) => report.mutate(reported, { onSuccess: close, onError: (failure) => form.refuse(formErrorMessage(failure)) }),
  });
  const { category, note } = form.values;
  const { error, errorId } = form;
  const over = note.length > REPORT_NOTE_MAX;

  const close = () => {
    form.setValues({ category: null, note: '' });
    report.reset();
    onOpenChange(false);
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
      onSubmit={form.submit}
      testId="report-dialog"
      submitTestId="submit-report"
      returnFocusTo={returnFocusTo}
    >
      <RadioChoices
        legend="Why are you reporting this?"
        options={REPORT_CATEGORIES.map((value) => ({ value, label: REPORT_CATEGORY_LABELS[value] }))}
        value={category}
        onChange={(value) => form.setValue('category', value)}
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
        onValue={(value) => form.setValue('note', value)}
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
