import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { primaryButton } from '../components/ui';
import { reportClientError } from '../lib/report-error';

/** Spec section 2, "Error fallback": full screen, fixed texts, Try Again reloads. */
export function ErrorFallback() {
  return (
    <main role="alert" data-testid="error-fallback" className="grid min-h-dvh place-items-center bg-page p-6 text-center text-fg">
      <div className="max-w-md">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-muted">
          An unexpected error occurred. Please try again or contact support if the problem persists.
        </p>
        <button type="button" onClick={() => window.location.reload()} className={`${primaryButton} mt-6`}>
          Try Again
        </button>
      </div>
    </main>
  );
}

/** The router's errorElement: errors thrown while rendering or loading a route land here. */
export function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportClientError(error);
  }, [error]);
  return <ErrorFallback />;
}
