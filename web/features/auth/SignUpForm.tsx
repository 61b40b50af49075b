import { useState, type FormEvent } from 'react';
import { primaryButton } from '../../components/ui';
import { DisplayNameField, EmailField, FormError, PasswordField } from '../../components/FormField';
import { signUpWithEmail } from '../../lib/sign-in';
import { errorMessage } from '../../lib/errors';
import { passwordProblem } from '@common/account/passwords';
import { PasswordStrength } from './PasswordStrength';

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  minPasswordLength: number;
  maxPasswordLength: number;
  onSignedIn: () => Promise<string | null>;
  /** The invite link's code, when the person came by one. */
  invite?: string;
}

export function SignUpForm({ email, onEmailChange, minPasswordLength, maxPasswordLength, onSignedIn, invite }: SignUpFormProps) {
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const policy = { min: minPasswordLength, max: maxPasswordLength };
  const owner = { email, name: displayName };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email address.');
    const problem = passwordProblem(password, policy, owner, false);
    if (problem) return setError(problem);
    setError(null);
    setSubmitting(true);
    try {
      await signUpWithEmail({ email: email.trim(), password, name: displayName.trim(), ...(invite ? { invite } : {}) });
      setError(await onSignedIn());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up" className="flex flex-col gap-4" data-testid="sign-up-form">
      <DisplayNameField label="Display name (optional)" value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
      <EmailField
        label="Email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        required
      />
      <PasswordField
        label="Password"
        name="new-password"
        autoComplete="new-password"
        maxLength={maxPasswordLength}
        hint={`At least ${minPasswordLength} characters.`}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          // A refusal of the password typed before no longer stands beside the meter.
          setError(null);
        }}
        required
      />
      <PasswordStrength password={password} policy={policy} owner={owner} />
      <FormError message={error} />
      <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
        Create account
      </button>
    </form>
  );
}
