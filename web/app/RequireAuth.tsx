import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth';
import { loginPathFor } from '../lib/safe-next';
import { AdminsOnlyScreen } from '../features/admin';

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
  if (!user?.admin) return <AdminsOnlyScreen />;
  return <Outlet />;
}
