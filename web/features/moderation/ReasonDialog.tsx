import { useId, useState, type ReactNode } from 'react';
import { MODERATION_REASON_MAX, REPORT_TEXTS } from '@common/moderation/moderation';
import { inputField } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormDialog } from '../../components/FormDialog';
import { RadioChoices, type RadioChoice } from '../../components/RadioChoices';

export interface ReasonInput<C extends string = string> {
  reason: string;
  resolveReports: boolean;
  confirm?: string;
  /** The option chosen, when the dialog asks for one (the resolve dialog's outcome). */
  choice?: C;
}

/** A required choice asked before the reason (a report's outcome), as radio buttons. */
export interface ReasonChoice<C extends string = string> {
  legend: string;
  options: ReadonlyArray<RadioChoice<C> & { label: string; hint: ReactNode }>;
  /** Said when nothing is chosen. */
  required: string;
}

interface ReasonDialogProps<C extends string = string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  tone?: 'danger' | 'default';
  pending: boolean;
  /** Offers "Resolve all open reports on this user". */
  withResolveReports?: boolean;
  /** Delete: the display name the admin must type. */
  confirmName?: string;
  /** Resolve: the outcome, asked first (nothing is chosen for the admin). */
  choice?: ReasonChoice<C>;
  onSubmit: (input: ReasonInput<C>) => void;
}

/**
 * Every moderation action asks why (the reason is stored with it and written to the admin
 * log). What was typed stays when the server refuses; it clears when the dialog opens again.
 */
export function ReasonDialog<C extends string = string>({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  tone = 'default',
  pending,
  withResolveReports = false,
  confirmName,
  choice,
  onSubmit,
}: ReasonDialogProps<C>) {
  const [reason, setReason] = useState('');
  const [resolveReports, setResolveReports] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [chosen, setChosen] = useState<C | null>(null);
  const [error, setError] = useState<{ field: 'reason' | 'confirm' | 'choice'; message: string } | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setResolveReports(false);
      setConfirm('');
      setChosen(null);
      setError(null);
    }
  }
  const reasonId = useId();
  const confirmId = useId();
  const errorId = useId();
  const over = reason.length > MODERATION_REASON_MAX;

  const submit = () => {
    if (choice && chosen === null) return setError({ field: 'choice', message: choice.required });
    const trimmed = reason.trim();
    if (!trimmed) return setError({ field: 'reason', message: REPORT_TEXTS.reasonRequired });
    if (over) return setError({ field: 'reason', message: `Reasons are at most ${formatNumber(MODERATION_REASON_MAX)} characters.` });
    if (confirmName !== undefined && confirm.trim() !== confirmName.trim()) return setError({ field: 'confirm', message: REPORT_TEXTS.confirmMismatch });
    setError(null);
    onSubmit({
      reason: trimmed,
      resolveReports,
      ...(confirmName !== undefined ? { confirm: confirm.trim() } : {}),
      ...(chosen !== null ? { choice: chosen } : {}),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      error={error?.message ?? null}
      errorId={errorId}
      pending={pending}
      submitLabel={submitLabel}
      pendingLabel="Saving…"
      tone={tone}
      onSubmit={submit}
      testId="reason-dialog"
      submitTestId="reason-submit"
    >
      {choice && (
        <RadioChoices
          legend={
            <>
              {choice.legend} <span className="font-normal text-muted">(required)</span>
            </>
          }
          options={choice.options}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setError(null);
          }}
          describedBy={error?.field === 'choice' ? errorId : undefined}
          testId="reason-choice"
          optionTestId={(value) => `reason-choice-${value}`}
        />
      )}
      <CountedTextarea
        id={reasonId}
        label={
          <>
            Reason <span className="font-normal text-muted">(required)</span>
          </>
        }
        value={reason}
        onValue={(value) => {
          setReason(value);
          setError(null);
        }}
        max={MODERATION_REASON_MAX}
        rows={4}
        required
        aria-invalid={error?.field === 'reason' || undefined}
        aria-describedby={error?.field === 'reason' ? errorId : undefined}
        data-testid="reason-input"
      />
      {confirmName !== undefined && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={confirmId} className="text-sm font-semibold">
            Type <strong className="font-semibold">{confirmName}</strong> to confirm
          </label>
          <input
            id={confirmId}
            value={confirm}
            autoComplete="off"
            onChange={(event) => {
              setConfirm(event.target.value);
              setError(null);
            }}
            aria-invalid={error?.field === 'confirm' || undefined}
            aria-describedby={error?.field === 'confirm' ? errorId : undefined}
            className={inputField}
            data-testid="confirm-name-input"
          />
        </div>
      )}
      {withResolveReports && (
        <label className="flex items-start gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={resolveReports}
            onChange={(event) => setResolveReports(event.target.checked)}
            className="mt-0.5 size-4 accent-accent-700"
            data-testid="resolve-reports"
          />
          Resolve all open reports on this user
        </label>
      )}
    </FormDialog>
  );
}
