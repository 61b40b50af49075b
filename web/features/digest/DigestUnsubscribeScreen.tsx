import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DIGEST_TEXTS, DIGEST_TOKEN_PATTERN } from '@common/digest/rules';
import { card, primaryButton, textLink } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useDigestUnsubscribe } from './api';

const alertBox = 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
const noticeBox = 'rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200';

/**
 * /digest/unsubscribe?token=…: the link at the foot of the weekly digest (and where opening its
 * List-Unsubscribe URL leads), signed in or out. Nothing happens on opening it (mail scanners
 * open links): one press of the button does it.
 */
export function DigestUnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useDigestUnsubscribe();
  const { user } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-md min-w-0">
      <title>{`${DIGEST_TEXTS.unsubscribeTitle} · Drabble`}</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-5`} data-testid="digest-unsubscribe">
        <div>
          <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
            <MailX aria-hidden className="size-6 text-accent-ink" />
            {DIGEST_TEXTS.unsubscribeTitle}
          </h1>
          <p className="mt-1 text-sm text-muted">{DIGEST_TEXTS.unsubscribeIntro}</p>
        </div>
        {token === null || !DIGEST_TOKEN_PATTERN.test(token) ? (
          <p role="alert" className={alertBox}>
            {DIGEST_TEXTS.invalidToken}
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className={noticeBox} data-testid="digest-unsubscribe-result">
            {DIGEST_TEXTS.unsubscribed}
          </p>
        ) : (
          <>
            {unsubscribe.isError && (
              <p role="alert" className={alertBox}>
                {errorMessage(unsubscribe.error)}
              </p>
            )}
            <button type="button" className={`${primaryButton} self-start`} disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? 'Stopping…' : DIGEST_TEXTS.unsubscribeButton}
            </button>
          </>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/" className={textLink}>
            Go home
          </Link>
          <Link to={user ? '/settings#weekly-digest' : '/login'} className={textLink}>
            {user ? 'Weekly digest settings' : 'Sign in'}
          </Link>
        </p>
      </section>
    </div>
  );
}
