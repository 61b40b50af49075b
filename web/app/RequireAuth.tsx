import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/auth';
import { onDemand } from '../lib/on-demand';
import { loginPathFor } from '../lib/safe-next';

// Only a non-admin who opens an admin address sees it: kept off the first load with the rest of the admin feature.
const AdminsOnlyScreen = onDemand(() => import('../features/admin')).component((m) => m.AdminsOnlyScreen);

/** Signed-in-only routes: a signed-out visitor goes to /login?next=<where they were>. */
export function RequireAuth() {
  const { user } = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** Admin routes: a signed-in non-admin sees a refusal, never the admin content. */
export function RequireAdmin() {
  const { user } = useCurrentUser();
  if (!user?.admin) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <AdminsOnlyScreen />
      </Suspense>
    );
  }
  return <Outlet />;
}
