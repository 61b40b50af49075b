import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { emailSchema } from '@common/shared/api';
import { primaryButton, textLink } from '../../components/ui';
import { EmailField, FormError } from '../../components/FormField';
import { errorMessage } from '../../lib/errors';
import { authConfigQueryOptions } from '../../lib/auth-config';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useForgotPassword } from '../settings';
import { AuthCard, FormNotice } from './AuthCard';

/** /forgot-password[?email=]: the answer never says whether the address has an account. */
export function ForgotPasswordScreen() {
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const form = useSchemaForm(emailSchema, {
    initial: () => ({ email: params.get('email') ?? '' }),
    input: ({ email }) => email.trim(),
    fallback: 'Please enter a valid email address.',
    onSubmit: (email) => forgot.mutate({ email }, { onError: (error) => form.refuse(errorMessage(error)) }),
    clearOnEdit: false,
    markFields: false,
  });
  // A server without SMTP prints the link in its output: the answer must not say it was sent.
  const emailPrinted = useQuery(authConfigQueryOptions).data?.emailPrinted === true;

  return (
    <AuthCard title="Reset your password" intro="Enter the email address of your account and we will send you a link to choose a new password.">
      {forgot.isSuccess ? (
        <FormNotice message={emailPrinted ? ACCOUNT_TEXTS.forgotAnswerPrinted : ACCOUNT_TEXTS.forgotAnswer} testId="forgot-answer" />
      ) : (
        <form onSubmit={form.submit} noValidate className="flex flex-col gap-4" data-testid="forgot-password-form">
          <EmailField label="Email" {...form.field('email')} required />
          <FormError message={form.error} />
          <button type="submit" disabled={forgot.isPending} className={`${primaryButton} w-full`}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="text-center text-sm text-muted">
        <Link to="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
