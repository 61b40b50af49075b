import { Outlet, useNavigation } from 'react-router';
import { CenteredSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/auth';
import { useLiveEvents } from '../lib/live-events';
import { TopNav } from './nav/TopNav';
import { VerifyEmailBanner } from './VerifyEmailBanner';

export function AppLayout() {
  const { user } = useCurrentUser();
  useLiveEvents(user?.uid ?? null);
  const navigation = useNavigation();
  // A screen's code is fetched on first visit; show the spinner rather than the old screen.
  const loadingScreen = navigation.state === 'loading';

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopNav />
      {user && !user.emailVerified && <VerifyEmailBanner user={user} />}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6">
        {loadingScreen ? <CenteredSpinner /> : <Outlet />}
      </main>
    </div>
  );
}
