import { useSearchParams } from 'react-router';
import { EMAIL_TYPE_LABELS, NOTIFICATION_TEXTS, unsubscribeInputSchema } from '@common/notifications/notifications';
import { UnsubscribeCard } from '../../components/UnsubscribeCard';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useUnsubscribe } from './api';

/** /unsubscribe?token=…: the one-click link at the foot of each notification email, signed in or out. */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const parsed = unsubscribeInputSchema.safeParse({ token: params.get('token') ?? undefined });
  const unsubscribe = useUnsubscribe();
  const { user } = useCurrentUser();

  return (
    <UnsubscribeCard
      title="Unsubscribe"
      intro="Stop the emails this link came in. The bell keeps telling you on Drabble."
      invalid={parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This unsubscribe link is not valid.')}
      done={unsubscribe.isSuccess ? NOTIFICATION_TEXTS.unsubscribed(EMAIL_TYPE_LABELS[unsubscribe.data.type]) : null}
      error={unsubscribe.isError ? errorMessage(unsubscribe.error) : null}
      pending={unsubscribe.isPending}
      button={{ label: 'Unsubscribe', pending: 'Unsubscribing…' }}
      onUnsubscribe={() => {
        if (parsed.success) unsubscribe.mutate(parsed.data.token);
      }}
      settings={{ path: '/settings#notifications', label: 'Notification settings' }}
      signedIn={Boolean(user)}
      resultTestId="unsubscribe-result"
    />
  );
}
