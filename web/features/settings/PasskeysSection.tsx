import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX, PASSKEY_TEXTS, passkeyNameSchema, type Passkey } from '@common/account/passkeys';
import { deviceLabel } from '@common/account/user-agent';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormError, FormField } from '../../components/FormField';
import { useToast } from '../../components/toasts/toast-context';
import { primaryButton, secondaryButton } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { invalidateAll } from '../../lib/mutation';
import { createPasskey, passkeyErrorMessage, passkeysSupported, savePasskey } from '../../lib/passkeys';
import { accountKeys, passkeysQuery, useRemovePasskey, useRenamePasskey } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { LoadFailed, SettingsSection, SubmitOrCancel, smallButton } from './SettingsSection';

/** A passkey's name, typed: checked here as the server checks it. */
function NameForm({ label, initial, submitLabel, pending, error, onSubmit, onCancel, testId }: {
  label: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  testId: string;
}) {
  const form = useSchemaForm(passkeyNameSchema, {
    initial: { name: initial },
    input: ({ name }) => name,
    fallback: 'Please enter a name for the passkey.',
    onSubmit,
    clearOnEdit: false,
    markFields: false,
  });
  return (
    <form onSubmit={form.submit} noValidate className="flex max-w-md flex-col gap-4" data-testid={testId}>
      <FormField label={label} name="passkey-name" autoComplete="off" maxLength={PASSKEY_NAME_MAX} {...form.field('name')} autoFocus />
      <FormError message={form.error ?? error} />
      <SubmitOrCancel label={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenamePasskey();
  if (renaming) {
    return (
      <li className="py-3 first:pt-0 last:pb-0" data-testid="passkey">
        <NameForm
          label={`New name for ${passkey.name}`}
          initial={passkey.name}
          submitLabel="Save"
          pending={rename.isPending}
          error={error}
          testId="passkey-rename"
          onCancel={() => setRenaming(false)}
          onSubmit={(name) =>
            rename.mutate({ id: passkey.id, name }, { onSuccess: () => setRenaming(false), onError: (failure) => setError(errorMessage(failure)) })
          }
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="passkey">
      {/* On a phone the buttons go below the name rather than squeezing it. */}
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="font-medium break-words text-fg" data-testid="passkey-name">
            {passkey.name}
          </p>
          <p className="text-sm text-muted">
            Added <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <button type="button" onClick={() => (setError(null), setRenaming(true))} className={`${secondaryButton} ${smallButton}`}>
          Rename<span className="sr-only"> {passkey.name}</span>
        </button>
        <button type="button" onClick={onRemove} className={`${secondaryButton} ${smallButton}`}>
          Remove<span className="sr-only"> {passkey.name}</span>
        </button>
      </div>
    </li>
  );
}

type Adding = { name: 'idle' } | { name: 'browser' } | { name: 'naming'; response: RegistrationResponseJSON } | { name: 'saving'; response: RegistrationResponseJSON };

/** Adding a passkey: the browser makes it (after the person's fingerprint, face or PIN), then it gets a name and is saved. */
function AddPasskey() {
  const [step, setStep] = useState<Adding>({ name: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const ask = async () => {
    setError(null);
    setStep({ name: 'browser' });
    try {
      setStep({ name: 'naming', response: await createPasskey() });
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
      setStep({ name: 'idle' });
    }
  };
  const save = async (response: RegistrationResponseJSON, name: string) => {
    setError(null);
    setStep({ name: 'saving', response });
    try {
      await savePasskey(response, name);
      toast(PASSKEY_TEXTS.added, 'success');
      setStep({ name: 'idle' });
      await invalidateAll(queryClient, [accountKeys.passkeys]);
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
      setStep({ name: 'naming', response });
    }
  };

  if (step.name === 'naming' || step.name === 'saving') {
    const { response } = step;
    return (
      <NameForm
        label="Name this passkey"
        initial={deviceLabel(navigator.userAgent)}
        submitLabel="Save passkey"
        pending={step.name === 'saving'}
        error={error}
        testId="passkey-name-new"
        onCancel={() => (setError(null), setStep({ name: 'idle' }))}
        onSubmit={(name) => void save(response, name)}
      />
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError message={error} />
      <button type="button" disabled={step.name === 'browser'} onClick={() => void ask()} className={primaryButton}>
        <KeyRound aria-hidden className="size-4" />
        {step.name === 'browser' ? 'Waiting for your browser…' : 'Add a passkey'}
      </button>
    </div>
  );
}

/** /settings#passkeys: the account's passkeys, to add, rename and remove. */
export function PasskeysSection() {
  const query = useQuery(passkeysQuery);
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const description = 'Sign in with your fingerprint, face or screen lock instead of your password. A passkey sign-in needs no two-factor code.';
  const passkeys = query.data?.passkeys;

  let body;
  if (passkeys) {
    body = (
      <div className="flex flex-col gap-4">
        {passkeys.length > 0 ? (
          <ul className="divide-y divide-line" data-testid="passkey-list">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">You have no passkeys yet.</p>
        )}
        {passkeysSupported() ? <AddPasskey /> : <p className="text-sm text-muted">{PASSKEY_TEXTS.unsupported}</p>}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Remove this passkey?"
          description={`“${removing?.name ?? ''}” will no longer sign you in to Drabble. You can also delete it from your device's saved passkeys.`}
          confirmLabel="Remove passkey"
          tone="danger"
          onConfirm={() => removing && remove.mutate(removing.id)}
        />
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed what="Your passkeys" onRetry={() => void query.refetch()} />
    );
  }
  return (
    <SettingsSection {...SETTINGS_SECTIONS.passkeys} description={description} testId="settings-passkeys">
      {body}
    </SettingsSection>
  );
}
