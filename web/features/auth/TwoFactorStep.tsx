import { useState, type FormEvent } from 'react';
import { verifyRecoveryCodeSchema, verifyTotpSchema } from '@common/account/two-factor';
import { primaryButton, textLink } from '../../components/ui';
import { FormError, FormField } from '../../components/FormField';
import { signInWithCode } from '../../lib/sign-in';
import { errorMessage } from '../../lib/errors';

interface TwoFactorStepProps {
  /** Called once the code was accepted; resolves to an error to show, if any. */
  onSignedIn: () => Promise<string | null>;
  /** Back to the password (a new sign-in). */
  onCancel: () => void;
}

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code (the login screen's code step, under its heading). */
export function TwoFactorStep({ onSignedIn, onCancel }: TwoFactorStepProps) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = (kind === 'totp' ? verifyTotpSchema : verifyRecoveryCodeSchema).safeParse({ code });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please enter the code.');
    setError(null);
    setSubmitting(true);
    try {
      await signInWithCode(kind, checked.data.code);
      setError(await onSignedIn());
    } catch (failure) {
      setError(errorMessage(failure));
      setSubmitting(false);
    }
  };

  const switchTo = (next: 'totp' | 'recovery') => {
    setKind(next);
    setCode('');
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor code" className="flex flex-col gap-4" data-testid="two-factor-step">
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      <FormError message={error} />
      <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
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
