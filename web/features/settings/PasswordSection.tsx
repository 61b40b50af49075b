import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS, type AccountOverview } from '@common/account/account';
import { primaryButton, secondaryButton } from '../../components/ui';
import { FormError, NewPasswordFields, PasswordField } from '../../components/FormField';
import { useCurrentUser } from '../../lib/auth';
import { newPasswordProblem, PasswordStrength } from '../auth';
import { useChangePassword, usePasswordPolicy, useSendSetPasswordLink } from './api';
import { useFormProblem } from './current-password';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

function ChangePasswordForm({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const problem = useFormProblem(form);
  const policy = usePasswordPolicy();
  const change = useChangePassword();
  const owner = { email, name: useCurrentUser().user?.name ?? null };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) return problem.refuse(ACCOUNT_TEXTS.passwordRequired, true);
    const found = newPasswordProblem(next, confirm, policy, owner);
    if (found) return problem.refuse(found);
    problem.clear();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
        onError: problem.refuseWith,
      },
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        {...problem.currentPasswordProps}
      />
      <NewPasswordFields
        password={next}
        confirmation={confirm}
        onPassword={(value) => {
          setNext(value);
          problem.clearUnlessCurrent();
        }}
        onConfirmation={setConfirm}
        maxLength={policy.max}
        hint={`At least ${policy.min} characters.`}
        strength={<PasswordStrength password={next} policy={policy} owner={owner} />}
      />
      <FormError message={problem.message} />
      <p className="text-sm text-muted">Changing your password signs you out everywhere else.</p>
      <div>
        <button type="submit" disabled={change.isPending} className={primaryButton}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

/** An account made with Google or Microsoft has no password: it can get one by email. */
function SetPasswordByEmail({ email }: { email: string }) {
  const send = useSendSetPasswordLink();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted">You sign in with a connected account. Set a password to sign in with your email address too.</p>
      <button type="button" disabled={send.isPending} onClick={() => send.mutate({ email })} className={secondaryButton}>
        Email me a link to set a password
      </button>
    </div>
  );
}

export function PasswordSection({ account }: { account: AccountOverview }) {
  return (
    <SettingsSection {...SETTINGS_SECTIONS.password} testId="settings-password">
      {account.hasPassword ? <ChangePasswordForm email={account.email} /> : <SetPasswordByEmail email={account.email} />}
    </SettingsSection>
  );
}
