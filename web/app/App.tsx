import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { FullScreenSpinner } from '../components/Spinner';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { useCurrentUser } from '../lib/auth';
import type { createAppRouter } from './router';
import { ErrorBoundary } from './ErrorBoundary';
import { ThemeProvider } from './theme/ThemeProvider';
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
