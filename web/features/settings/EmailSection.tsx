import { useRef, type FormEvent } from 'react';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { ACCOUNT_TEXTS, type AccountOverview } from '@common/account/account';
import { emailSchema } from '@common/shared/api';
import { primaryButton } from '../../components/ui';
import { EmailField, FormError, PasswordField } from '../../components/FormField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useChangeEmail } from './api';
import { useFormProblem } from './current-password';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-soft-ink" data-testid="email-verified">
      <BadgeCheck aria-hidden className="size-3.5" />
      Verified
    </span>
  ) : (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      data-testid="email-unverified"
    >
      <CircleAlert aria-hidden className="size-3.5" />
      Not verified
    </span>
  );
}

/**
 * The sign-in address. A change is confirmed from a link sent to the new address; an account
 * with a password confirms it is its owner by typing it (the field shows once a new address is typed).
 */
export function EmailSection({ account }: { account: AccountOverview }) {
  const formRef = useRef<HTMLFormElement>(null);
  // The refusals beyond the address's own rule (the same address, the password), and the server's.
  const problem = useFormProblem(formRef);
  const change = useChangeEmail();
  const form = useSchemaForm(emailSchema, {
    initial: { newEmail: '', password: '' },
    input: ({ newEmail }) => newEmail.trim(),
    fallback: 'Please enter a valid email address.',
    clearOnEdit: false,
    markFields: false,
    onSubmit: (email, { password }) => {
      if (email.toLowerCase() === account.email.toLowerCase()) return problem.refuse(ACCOUNT_TEXTS.emailSame);
      if (account.hasPassword && !password) return problem.refuse(ACCOUNT_TEXTS.passwordRequired, true);
      change.mutate(
        { newEmail: email, ...(account.hasPassword ? { currentPassword: password } : {}) },
        { onSuccess: () => form.setValues({ newEmail: '', password: '' }), onError: problem.refuseWith },
      );
    },
  });
  const { newEmail, password } = form.values;
  const askPassword = account.hasPassword && (newEmail !== '' || password !== '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    problem.clear();
    form.submit(event);
  };

  return (
    <SettingsSection {...SETTINGS_SECTIONS.email} testId="settings-email">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm break-all text-fg">
          <span className="sr-only">Current email: </span>
          <span className="font-medium" data-testid="current-email">
            {account.email}
          </span>
        </p>
        <VerifiedBadge verified={account.emailVerified} />
      </div>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-5 flex max-w-md flex-col gap-4">
        <EmailField
          label="New email"
          name="newEmail"
          {...form.field('newEmail')}
          hint="We send a link to the new address; your email changes when you open it."
        />
        {askPassword && (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            {...form.field('password')}
            {...problem.currentPasswordProps}
          />
        )}
        <FormError message={form.error ?? problem.message} />
        <div>
          <button type="submit" disabled={change.isPending || !newEmail.trim()} className={primaryButton}>
            {change.isPending ? 'Sending…' : 'Change email'}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
