import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailWarning, X } from 'lucide-react';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { accountContracts } from '@common/account/contract';
import type { UserRecord } from '@common/me/user';
import { focusRing } from '../components/ui';
import { authConfigQueryOptions } from '../lib/auth-config';
import { callRoute } from '../lib/call-route';
import { useApiMutation } from '../lib/mutation';

const DISMISSED_KEY = 'drabble.verifyBannerDismissed';

/**
 * Sends the link again; the server's sentence is the toast. Here, not in the settings feature:
 * every new account sees this banner on its first visits, and the settings feature's entry
 * loads the code every screen shares (schemas and zod with it) before the banner could show.
 */
const useResendVerification = () => useApiMutation({ request: () => callRoute(accountContracts.resendVerification, {}), success: ({ message }) => message });

/** The address whose banner was closed in this tab, if any. */
function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Under the top bar while the signed-in user's email is unverified: a link can be sent again.
 * Closing it hides it for this tab's session (for this address).
 */
export function VerifyEmailBanner({ user }: { user: UserRecord }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const resend = useResendVerification();
  // A server without SMTP prints the link in its output: the banner must not say it was sent.
  const emailPrinted = useQuery(authConfigQueryOptions).data?.emailPrinted === true;
  if (user.emailVerified || dismissed === user.email) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, user.email);
    } catch {
      // Without storage it stays closed until the next reload.
    }
    setDismissed(user.email);
  };

  return (
    <div
      role="status"
      aria-label="Email verification"
      data-testid="verify-email-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
        <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 sm:mt-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0 text-sm break-words">{emailPrinted ? ACCOUNT_TEXTS.verifyBannerPrinted(user.email) : ACCOUNT_TEXTS.verifyBanner(user.email)}</p>
          <button
            type="button"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            className={`inline-flex shrink-0 items-center self-start rounded-md border border-amber-400 bg-white/60 px-3 py-1.5 text-sm font-semibold hover:bg-white disabled:cursor-not-allowed disabled:opacity-60 sm:self-auto dark:border-amber-700 dark:bg-amber-900/60 dark:hover:bg-amber-900 ${focusRing}`}
          >
            {ACCOUNT_TEXTS.resendVerification}
          </button>
        </div>
        <button
          type="button"
          aria-label="Dismiss email verification reminder"
          onClick={dismiss}
          className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-amber-100 dark:hover:bg-amber-900 ${focusRing}`}
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
