import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';
import { useCurrentUser } from '../lib/auth';
import { ErrorBoundary } from './ErrorBoundary';
import { FullScreenSpinner } from './Spinner';
import { ThemeProvider } from './theme/ThemeProvider';
import { ToastProvider } from './toasts/ToastProvider';
import { TutorialProvider } from './tutorial/TutorialProvider';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Nothing but a spinner until GET /api/me has answered (spec: content after sign-in state is known). */
function SignInGate({ children }: { children: ReactNode }) {
  const { isPending } = useCurrentUser();
  return isPending ? <FullScreenSpinner /> : children;
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
