import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { KeyRound } from 'lucide-react';
import { primaryButton, secondaryButton, textLink } from '../../components/ui';
import { EmailField, FormError, PasswordField } from '../../components/FormField';
import { signInWithEmail } from '../../lib/sign-in';
import { errorMessage } from '../../lib/errors';
import { passkeyErrorMessage, passkeysSupported, signInWithPasskey } from '../../lib/passkeys';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  maxPasswordLength: number;
  /** Called after the server accepted the credentials; resolves to an error to show, if any. */
  onSignedIn: () => Promise<string | null>;
  /** The password was right and the account asks for a two-factor code next. */
  onCodeAsked: () => void;
}

/** The reset screen starts with the address already typed here. */
function forgotPasswordPath(email: string): string {
  const typed = email.trim();
  return typed ? `/forgot-password?${new URLSearchParams({ email: typed }).toString()}` : '/forgot-password';
}

export function SignInForm({ email, onEmailChange, maxPasswordLength, onSignedIn, onCodeAsked }: SignInFormProps) {
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
      const { twoFactor } = await signInWithEmail({ email: email.trim(), password });
      if (twoFactor) {
        setPassword('');
        onCodeAsked();
        return;
      }
      setError(await onSignedIn());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  // A passkey sign-in is whole: no password, and no two-factor code after it.
  const withPasskey = async () => {
    setError(null);
    setSubmitting(true);
    try {
      await signInWithPasskey();
      setError(await onSignedIn());
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Sign in" className="flex flex-col gap-4" data-testid="sign-in-form">
        <EmailField
          label="Email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          maxLength={maxPasswordLength}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <p className="-mt-2 text-right text-sm">
          <Link to={forgotPasswordPath(email)} className={textLink}>
            Forgot password?
          </Link>
        </p>
        <FormError message={error} />
        <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
          Sign in
        </button>
      </form>
      {/* Beside the form, not in it: no email or password is asked, and Enter in the form never starts it. */}
      {passkeysSupported() && (
        <button type="button" disabled={submitting} onClick={() => void withPasskey()} className={`${secondaryButton} mt-3 w-full`}>
          <KeyRound aria-hidden className="size-4" />
          Sign in with a passkey
        </button>
      )}
    </>
  );
}
