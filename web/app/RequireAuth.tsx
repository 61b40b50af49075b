import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/auth';
import { onDemand } from '../lib/on-demand';
import { loginPathFor } from '../lib/safe-next';
import { twoFactorStatusQuery } from '../lib/two-factor';

// Only a non-admin who opens an admin address sees it: kept off the first load with the rest of the admin feature.
const AdminsOnlyScreen = onDemand(() => import('../features/admin')).component((m) => m.AdminsOnlyScreen);
// REQUIRE_ADMIN_2FA: an admin without two-factor sets it up here before any admin screen; one whose session did not pass it signs in again.
const AdminTwoFactorScreen = onDemand(() => import('../features/admin')).component((m) => m.AdminTwoFactorScreen);

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
  const twoFactor = useQuery({ ...twoFactorStatusQuery, enabled: Boolean(user?.admin) });
  if (user?.admin && twoFactor.data?.required && !(twoFactor.data.enabled && twoFactor.data.passed)) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <AdminTwoFactorScreen signInAgain={twoFactor.data.enabled} />
      </Suspense>
    );
  }
  if (user?.admin && twoFactor.isPending) return <CenteredSpinner />;
  if (!user?.admin) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <AdminsOnlyScreen />
      </Suspense>
    );
  }
  return <Outlet />;
}
