import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { FullScreenSpinner } from '../components/Spinner';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { useCurrentUser } from '../lib/auth';
import type { createAppRouter } from './router';
import { ErrorBoundary } from './ErrorBoundary';
import { liveEventsPart, signedInNavPart, verifyBannerPart } from './signed-in-parts';
import { ThemeProvider } from './theme/ThemeProvider';
import { TutorialProvider } from './tutorial/TutorialProvider';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Nothing but a spinner until GET /api/me has answered (spec: content after sign-in state is
 * known). The swap to the app is deferred: React then renders the whole page in a transition,
 * in slices that leave the main thread free, rather than in one long task as an external-store
 * update would (TanStack Query's). The spinner stays until that render is ready.
 */
function SignInGate({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const showSpinner = useDeferredValue(isPending);
  const signedIn = user !== null;
  const unverified = user !== null && !user.emailVerified;
  useEffect(() => {
    if (!signedIn) return;
    liveEventsPart.warm();
    signedInNavPart.warm();
  }, [signedIn]);
  useEffect(() => {
    if (unverified) verifyBannerPart.warm();
  }, [unverified]);
  return showSpinner ? <FullScreenSpinner /> : children;
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ThemeProvider>
            <TutorialProvider>
              <SignInGate>
                <RouterProvider router={router} />
              </SignInGate>
            </TutorialProvider>
          </ThemeProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
