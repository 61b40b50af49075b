import { useSearchParams } from 'react-router';
import { DIGEST_TEXTS, DIGEST_TOKEN_PATTERN } from '@common/digest/rules';
import { UnsubscribeCard } from '../../components/UnsubscribeCard';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useDigestUnsubscribe } from './api';

/**
 * /digest/unsubscribe?token=…: the link at the foot of the weekly digest, and where opening its
 * List-Unsubscribe URL leads (GET /api/digest/unsubscribe redirects here), signed in or out.
 */
export function DigestUnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useDigestUnsubscribe();
  const { user } = useCurrentUser();
  const valid = token !== null && DIGEST_TOKEN_PATTERN.test(token);

  return (
    <UnsubscribeCard
      title={DIGEST_TEXTS.unsubscribeTitle}
      intro={DIGEST_TEXTS.unsubscribeIntro}
      invalid={valid ? null : DIGEST_TEXTS.invalidToken}
      done={unsubscribe.isSuccess ? DIGEST_TEXTS.unsubscribed : null}
      error={unsubscribe.isError ? errorMessage(unsubscribe.error) : null}
      pending={unsubscribe.isPending}
      button={{ label: DIGEST_TEXTS.unsubscribeButton, pending: 'Stopping…' }}
      onUnsubscribe={() => {
        if (valid) unsubscribe.mutate(token);
      }}
      settings={{ path: '/settings#weekly-digest', label: 'Weekly digest settings' }}
      signedIn={Boolean(user)}
      testId="digest-unsubscribe"
      resultTestId="digest-unsubscribe-result"
    />
  );
}
