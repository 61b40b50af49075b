import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS, linkTokenSchema } from '@common/account/account';
import { primaryButton, textLink } from '../../components/ui';
import { FormError, NewPasswordFields } from '../../components/FormField';
import { errorMessage } from '../../lib/errors';
import { usePasswordPolicy, useResetPassword } from '../settings';
import { AuthCard } from './AuthCard';
import { newPasswordProblem } from './new-password';
import { PasswordStrength } from './PasswordStrength';

function RequestNewLink() {
  return (
    <Link to="/forgot-password" className={textLink}>
      Request a new link
    </Link>
  );
}

/** /reset-password?token=…: a new password, after which the person is signed in. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenLooksValid = linkTokenSchema.safeParse(token).success;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // A problem found here, or the server's refusal (then a new link may be needed).
  const [problem, setProblem] = useState<{ message: string; fromServer: boolean } | null>(null);
  const policy = usePasswordPolicy();
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (!tokenLooksValid) {
    return (
      <AuthCard title="Choose a new password">
        <FormError message={ACCOUNT_TEXTS.linkInvalid} />
        <p className="text-sm text-muted">
          <RequestNewLink /> to reset your password.
        </p>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation, policy);
    setProblem(found ? { message: found, fromServer: false } : null);
    if (found) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) => setProblem({ message: errorMessage(error), fromServer: true }),
      },
    );
  };

  return (
    <AuthCard title="Choose a new password" intro={`Use at least ${policy.min} characters.`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="reset-password-form">
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={(value) => {
            setPassword(value);
            setProblem(null);
          }}
          onConfirmation={setConfirmation}
          maxLength={policy.max}
          strength={<PasswordStrength password={password} policy={policy} />}
        />
        <FormError message={problem?.message ?? null} />
        {problem?.fromServer && (
          <p className="text-sm text-muted">
            Has your link expired? <RequestNewLink />.
          </p>
        )}
        <button type="submit" disabled={reset.isPending} className={`${primaryButton} w-full`}>
          {reset.isPending ? 'Resetting…' : 'Reset password'}
        </button>
      </form>
    </AuthCard>
  );
}
