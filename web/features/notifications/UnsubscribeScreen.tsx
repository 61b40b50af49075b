import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_TYPE_LABELS, NOTIFICATION_TEXTS, unsubscribeInputSchema } from '@common/notifications/notifications';
import { card, primaryButton, textLink } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useUnsubscribe } from './api';

const alertBox = 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
const noticeBox = 'rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200';

/**
 * /unsubscribe?token=…: the one-click link at the foot of each notification email, signed in
 * or out. Nothing happens on opening it (mail scanners open links): one press of the button does it.
 */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const parsed = unsubscribeInputSchema.safeParse({ token: params.get('token') ?? undefined });
  const unsubscribe = useUnsubscribe();
  const { user } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-md min-w-0">
      <title>Unsubscribe · Drabble</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-5`}>
        <div>
          <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
            <MailX aria-hidden className="size-6 text-accent-ink" />
            Unsubscribe
          </h1>
          <p className="mt-1 text-sm text-muted">Stop the emails this link came in. The bell keeps telling you on Drabble.</p>
        </div>
        {!parsed.success ? (
          <p role="alert" className={alertBox}>
            {parsed.error.issues[0]?.message ?? 'This unsubscribe link is not valid.'}
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className={noticeBox} data-testid="unsubscribe-result">
            {NOTIFICATION_TEXTS.unsubscribed(EMAIL_TYPE_LABELS[unsubscribe.data.type])}
          </p>
        ) : (
          <>
            {unsubscribe.isError && (
              <p role="alert" className={alertBox}>
                {errorMessage(unsubscribe.error)}
              </p>
            )}
            <button type="button" className={`${primaryButton} self-start`} disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(parsed.data.token)}>
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/" className={textLink}>
            Go home
          </Link>
          <Link to={user ? '/settings#notifications' : '/login'} className={textLink}>
            {user ? 'Notification settings' : 'Sign in'}
          </Link>
        </p>
      </section>
    </div>
  );
}
