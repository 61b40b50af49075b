import { Hourglass, LogOut } from 'lucide-react';
import { REGISTRATION_TEXTS } from '@common/registration/registration';
import { Link } from 'react-router';
import { card, secondaryButton, textLink } from '../../components/ui';
import { useSignOut } from '../../lib/auth';

/**
 * Instead of every screen a guest could not read while the signed-in account waits for approval
 * (`user.awaitingApproval`): what a guest may read stays open to them, everything
 * else is refused meanwhile. The approval arrives as a live update of the person's record, and
 * the app opens by itself.
 */
export function WaitingScreen() {
  const signOut = useSignOut();
  return (
    <div className="mx-auto w-full max-w-xl" data-testid="waiting-screen">
      <title>Waiting for approval · Drabble</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col items-start gap-3`}>
        <Hourglass aria-hidden className="size-8 text-accent-ink" />
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          {REGISTRATION_TEXTS.waitingTitle}
        </h1>
        <p className="text-fg">{REGISTRATION_TEXTS.waitingBody}</p>
        <p className="text-fg">
          <Link to="/community" className={textLink} data-testid="waiting-community-link">
            {REGISTRATION_TEXTS.waitingMeanwhile}
          </Link>
        </p>
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void signOut()} data-testid="waiting-sign-out">
          <LogOut aria-hidden className="size-4" />
          Sign out
        </button>
      </section>
    </div>
  );
}
