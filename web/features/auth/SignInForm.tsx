import { useState, type FormEvent } from 'react';
import { EMAIL_MAX } from '@common/limits';
import { primaryButton } from '../../app/ui';
import { signInWithEmail } from '../../lib/auth';
import { authErrorMessage } from './auth-form';
import { FormError, FormField } from './FormField';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  maxPasswordLength: number;
  /** Called after the server accepted the credentials; resolves to an error to show, if any. */
  onSignedIn: () => Promise<string | null>;
}

export function SignInForm({ email, onEmailChange, maxPasswordLength, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email address.');
    if (!password) return setError('Please enter your password.');
    setError(null);
    setSubmitting(true);
    try {
      await signInWithEmail({ email: email.trim(), password });
      setError(await onSignedIn());
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in" className="flex flex-col gap-4" data-testid="sign-in-form">
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        required
      />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={maxPasswordLength}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <FormError message={error} />
      <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
        Sign in
      </button>
    </form>
  );
}
