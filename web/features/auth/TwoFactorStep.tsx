import { useState } from 'react';
import { verifyRecoveryCodeSchema, verifyTotpSchema } from '@common/account/two-factor';
import { primaryButton, textLink } from '../../components/ui';
import { FormError, FormField } from '../../components/FormField';
import { signInWithCode } from '../../lib/sign-in';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';

interface TwoFactorStepProps {
  /** Called once the code was accepted; resolves to an error to show, if any. */
  onSignedIn: () => Promise<string | null>;
  /** Back to the password (a new sign-in). */
  onCancel: () => void;
}

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code (the login screen's code step, under its heading). */
export function TwoFactorStep({ onSignedIn, onCancel }: TwoFactorStepProps) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  // Once the code is taken the sign-in goes on: Verify stays disabled.
  const [signedIn, setSignedIn] = useState(false);
  const form = useSchemaForm(kind === 'totp' ? verifyTotpSchema : verifyRecoveryCodeSchema, {
    initial: { code: '' },
    fallback: 'Please enter the code.',
    serverError: errorMessage,
    onSubmit: async ({ code }) => {
      await signInWithCode(kind, code);
      setSignedIn(true);
      form.refuse(await onSignedIn());
    },
    clearOnEdit: false,
    markFields: false,
  });

  const switchTo = (next: 'totp' | 'recovery') => {
    setKind(next);
    form.setValues({ code: '' });
    form.clearError();
  };

  return (
    <form onSubmit={form.submit} noValidate aria-label="Two-factor code" className="flex flex-col gap-4" data-testid="two-factor-step">
      <p className="text-sm text-muted">
        {kind === 'totp'
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'}
      </p>
      {kind === 'totp' ? (
        <FormField
          key="totp"
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          autoFocus
          {...form.field('code')}
        />
      ) : (
        <FormField
          key="recovery"
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={12}
          autoFocus
          {...form.field('code')}
        />
      )}
      <FormError message={form.error} />
      <button type="submit" disabled={form.pending || signedIn} className={`${primaryButton} w-full`}>
        Verify
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={textLink} onClick={() => switchTo(kind === 'totp' ? 'recovery' : 'totp')}>
          {kind === 'totp' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
        </button>
        <button type="button" className={textLink} onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}
