import type { RouteObject } from 'react-router';
import { RequireAdmin } from './RequireAuth';
import { screen } from './screen-route';

/** The admin screens, added to the router on the first visit to /admin (router.tsx addAdminRoutes). */
export const adminRoute: RouteObject = {
  path: 'admin',
  element: <RequireAdmin />,
  children: [
    { index: true, lazy: screen(() => import('../features/admin/AdminPanelScreen'), (m) => ({ Component: m.AdminPanelScreen })) },
    {
      path: 'feature-requests',
      lazy: screen(() => import('../features/feature-requests/FeatureRequestsScreen'), (m) => ({ Component: m.FeatureRequestsScreen })),
    },
    { path: 'greetings', lazy: screen(() => import('../features/greetings/GreetingsScreen'), (m) => ({ Component: m.GreetingsScreen })) },
    { path: 'contests', lazy: screen(() => import('../features/contests/AdminContestsScreen'), (m) => ({ Component: m.AdminContestsScreen })) },
    { path: 'audit', lazy: screen(() => import('../features/admin/AuditLogScreen'), (m) => ({ Component: m.AuditLogScreen })) },
    { path: 'settings', lazy: screen(() => import('../features/registration/SiteSettingsScreen'), (m) => ({ Component: m.SiteSettingsScreen })) },
    { path: 'federation', lazy: screen(() => import('../features/federation/AdminFederationScreen'), (m) => ({ Component: m.AdminFederationScreen })) },
    { path: 'reports', lazy: screen(() => import('../features/moderation/ReportsScreen'), (m) => ({ Component: m.ReportsScreen })) },
    { path: 'users', lazy: screen(() => import('../features/moderation/UsersScreen'), (m) => ({ Component: m.UsersScreen })) },
    { path: 'users/:uid', lazy: screen(() => import('../features/moderation/UserScreen'), (m) => ({ Component: m.UserScreen })) },
  ],
};
