import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { CenteredSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/auth';
import { useGuestReadableScreen } from './guest-readable';
import { TopNav } from './nav/TopNav';
import { deactivatedPart, liveEventsPart, verifyBannerPart, waitingPart } from './signed-in-parts';
import { useFirstVisitTutorial } from './tutorial/useFirstVisitTutorial';

// The stream's handlers and event schemas are for signed-in people only.
const LiveEvents = liveEventsPart.component((m) => m.LiveEvents);
// Only for a signed-in person whose address is unverified; with it come the account calls of its button.
const VerifyEmailBanner = verifyBannerPart.component((m) => m.VerifyEmailBanner);
// A deactivated account may only cancel the deletion, export or sign out: no screen of the app is theirs meanwhile.
const DeactivatedScreen = deactivatedPart.component((m) => m.DeactivatedScreen);
// An account waiting for approval sees that it waits, until an admin approves it, on every screen a guest could not read.
const WaitingScreen = waitingPart.component((m) => m.WaitingScreen);

const mainClass = 'mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6';

export function AppLayout() {
  const { user } = useCurrentUser();
  const navigation = useNavigation();
  // A screen's code is fetched on first visit; show the spinner rather than the old screen.
  const loadingScreen = navigation.state === 'loading';
  const guestReadable = useGuestReadableScreen();
  useFirstVisitTutorial();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopNav />
      {/*
        The page waits (once) for the signed-in code around it: the banner never pushes a page
        already laid out (a thread scrolled to its end), and the live stream opens as the page
        first shows rather than a round trip later, when a reader may already have missed an event.
      */}
      <Suspense fallback={<main className={mainClass}><CenteredSpinner /></main>}>
        {user && <LiveEvents userId={user.uid} />}
        {user && !user.emailVerified && !user.deactivatedAt && <VerifyEmailBanner user={user} />}
        <main id="main" tabIndex={-1} className={mainClass}>
          {user?.deactivatedAt ? <DeactivatedScreen /> : user?.awaitingApproval && !guestReadable ? <WaitingScreen /> : loadingScreen ? <CenteredSpinner /> : <Outlet />}
        </main>
      </Suspense>
    </div>
  );
}
