import { useId, useState } from 'react';
import { UserMinus } from 'lucide-react';
import { Link } from 'react-router';
import {
  ANTHOLOGY_CO_EDITORS_MAX,
  ANTHOLOGY_REASON_MAX,
  ANTHOLOGY_TEXTS,
  type AnthologySummary,
} from '@common/anthologies/anthologies';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { iconButton, textLink } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { useApiMutation } from '../../lib/mutation';
import { addEditor, removeEditor, summaryChanged, updateAnthology } from './api';
import { useAnthologyFields } from './AnthologyForm';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Edit anthology": every field, for its editors. */
export function EditAnthologyDialog({ anthology, open, onOpenChange }: DialogProps & { anthology: AnthologySummary }) {
  const { title, description, rules, cover, submissions, order } = anthology;
  const form = useAnthologyFields({ title, description, rules, cover, submissions, order });
  const [error, setError] = useState<string | null>(null);
  const mutation = useApiMutation({
    request: () => updateAnthology(anthology.id, { ...form.values, title: form.values.title.trim() }),
    success: 'Anthology saved',
    failure: false,
    // A new order puts the stories in another order: the page is read afresh.
    onSuccess: (saved, _v, queryClient) => summaryChanged(queryClient, saved, true).then(() => onOpenChange(false)),
    onError: (e) => setError(formErrorMessage(e)),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setError(null);
        }
        onOpenChange(next);
      }}
      title={ANTHOLOGY_TEXTS.edit}
      error={error}
      errorId="anthology-edit-error"
      pending={mutation.isPending}
      submitLabel="Save"
      pendingLabel="Saving…"
      submitDisabled={!form.valid}
      onSubmit={() => form.valid && mutation.mutate(undefined)}
      testId="anthology-edit-dialog"
      submitTestId="anthology-edit-save"
    >
      {form.fields}
    </FormDialog>
  );
}

/** "Co-editors": who they are, each with Remove, and a member to add by handle; for the member who opened the anthology. */
export function EditorsDialog({ anthology, open, onOpenChange }: DialogProps & { anthology: AnthologySummary }) {
  const [member, setMember] = useState('');
  const [error, setError] = useState<string | null>(null);
  const coEditors = anthology.editors.slice(1);
  const full = coEditors.length >= ANTHOLOGY_CO_EDITORS_MAX;
  // "@wren" and "wren" both name Wren: the handle is what the server looks up.
  const name = member.trim().replace(/^@/, '');
  const add = useApiMutation({
    request: () => addEditor(anthology.id, name),
    success: (saved) => `${saved.editors.at(-1)?.name ?? 'The member'} is a co-editor`,
    failure: false,
    onSuccess: (saved, _v, queryClient) => {
      setMember('');
      setError(null);
      return summaryChanged(queryClient, saved, false);
    },
    onError: (e) => setError(formErrorMessage(e)),
  });
  const remove = useApiMutation({
    request: (editor: { uid: string; name: string }) => removeEditor(anthology.id, editor.uid),
    success: (_saved, editor) => `${editor.name} is no longer a co-editor`,
    onSuccess: (saved, _v, queryClient) => summaryChanged(queryClient, saved, false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setMember('');
          setError(null);
        }
        onOpenChange(next);
      }}
      title={ANTHOLOGY_TEXTS.coEditors}
      description={`Co-editors accept, decline, remove and order the stories, and change the anthology. Up to ${ANTHOLOGY_CO_EDITORS_MAX}.`}
      error={error}
      errorId="anthology-editors-error"
      pending={add.isPending}
      submitLabel={ANTHOLOGY_TEXTS.addEditor}
      pendingLabel="Adding…"
      submitDisabled={name === '' || full}
      onSubmit={() => name !== '' && !full && add.mutate(undefined)}
      testId="anthology-editors-dialog"
      submitTestId="anthology-add-editor"
    >
      {coEditors.length === 0 ? (
        <p className="text-sm text-muted">No co-editors yet.</p>
      ) : (
        <ul aria-label={ANTHOLOGY_TEXTS.coEditors} className="flex flex-col divide-y divide-line rounded-md border border-line" data-testid="anthology-co-editors">
          {coEditors.map((editor) => (
            <li key={editor.uid} className="flex items-center justify-between gap-3 px-3 py-1.5" data-testid="anthology-co-editor">
              <Link to={`/user/${editor.uid}`} className={`${textLink} truncate text-sm`}>
                {editor.name}
              </Link>
              <button
                type="button"
                className={iconButton}
                aria-label={`Remove ${editor.name} as co-editor`}
                title="Remove as co-editor"
                disabled={remove.isPending}
                onClick={() => remove.mutate(editor)}
                data-testid="anthology-remove-editor"
              >
                <UserMinus aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-muted">{ANTHOLOGY_TEXTS.tooManyEditors}</p>
      ) : (
        <FormField
          label="Member's handle"
          hint="As on their profile, like @wren."
          value={member}
          onChange={(e) => setMember(e.target.value)}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={error ? 'anthology-editors-error' : undefined}
          data-testid="anthology-editor-input"
        />
      )}
    </FormDialog>
  );
}

/** Why an editor removes (required) or declines (optional) a story: the writer reads it in their notification. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  required,
  submitLabel,
  pending,
  error,
  onSubmit,
  testId,
}: DialogProps & { title: string; description: string; required: boolean; submitLabel: string; pending: boolean; error: string | null; onSubmit: (reason: string) => void; testId: string }) {
  const [reason, setReason] = useState('');
  // Each opening starts blank: closing after a success is the caller's, not a Cancel that would clear it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setReason('');
  }
  const id = useId();
  const trimmed = reason.trim();
  const valid = (!required || trimmed !== '') && reason.length <= ANTHOLOGY_REASON_MAX;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      error={error}
      errorId={`${id}-error`}
      pending={pending}
      submitLabel={submitLabel}
      pendingLabel="Sending…"
      submitDisabled={!valid}
      tone="danger"
      onSubmit={() => valid && onSubmit(trimmed)}
      narrow
      testId={testId}
      submitTestId={`${testId}-submit`}
    >
      <CountedTextarea
        id={`${id}-reason`}
        label={required ? 'Reason' : 'Reason (optional)'}
        value={reason}
        onValue={setReason}
        max={ANTHOLOGY_REASON_MAX}
        rows={3}
        required={required}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`${testId}-reason`}
      />
    </FormDialog>
  );
}
