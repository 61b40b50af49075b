import { useEffect, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS, linkTokenSchema, type AccountMessage, type LinkTokenBody } from '@common/account/account';
import { textLink } from '../../components/ui';
import { FormError } from '../../components/FormField';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { AuthCard, FormNotice } from './AuthCard';

interface EmailLinkScreenProps {
  title: string;
  /** Shown while the token is checked. */
  pending: string;
  /** POSTs the token; the server answers with the sentence to show. */
  mutation: UseMutationResult<AccountMessage, Error, LinkTokenBody>;
}

/**
 * A screen an emailed link opens: it sends the token once (React's StrictMode runs effects
 * twice in development; a second POST would find the token used) and shows the answer.
 */
export function EmailLinkScreen({ title, pending, mutation }: EmailLinkScreenProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = linkTokenSchema.safeParse(token).success;
  const { user } = useCurrentUser();
  const { mutate } = mutation;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!valid || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [valid, token, mutate]);

  const next = user ? { to: '/settings', label: 'Go to Settings' } : { to: '/login', label: 'Sign in' };
  return (
    <AuthCard title={title}>
      {!valid ? (
        <FormError message={ACCOUNT_TEXTS.linkInvalid} />
      ) : mutation.isSuccess ? (
        <FormNotice message={mutation.data.message} testId="link-result" />
      ) : mutation.isError ? (
        <FormError message={errorMessage(mutation.error)} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-accent-ink" />
          {pending}
        </p>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/" className={textLink}>
          Go home
        </Link>
        <Link to={next.to} className={textLink}>
          {next.label}
        </Link>
      </p>
    </AuthCard>
  );
}
