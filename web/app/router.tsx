import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RouteErrorFallback } from './ErrorFallback';
import { RequireAdmin, RequireAuth } from './RequireAuth';
import { CenteredSpinner } from '../components/Spinner';

/**
 * What a guest may open from a shared link: read-only, the screens themselves ask to log in
 * for anything else (the story editor included).
 */
const guestReadableRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: 'community',
    // The loader only starts the list's request (it returns at once), so it travels alongside the sign-in check.
    lazy: () =>
      import('../features/community/CommunityScreen').then((m) => ({
        Component: m.CommunityScreen,
        loader: ({ request }: { request: Request }) => {
          m.prefetchCommunity(queryClient, new URL(request.url).searchParams);
          return null;
        },
      })),
  },
  { path: 'user/:uid', lazy: () => import('../features/profile/PublicProfileScreen').then((m) => ({ Component: m.PublicProfileScreen })) },
  { path: 'story/:id/:mode?', lazy: () => import('../features/story/StoryScreen').then((m) => ({ Component: m.StoryScreen })) },
  { path: 'prompt/:date', lazy: () => import('../features/prompts/PromptScreen').then((m) => ({ Component: m.PromptScreen })) },
  { path: 'prompts', lazy: () => import('../features/prompts/ArchiveScreen').then((m) => ({ Component: m.ArchiveScreen })) },
];

/** Screens load on first visit; the layout shows a spinner meanwhile. */
const signedInRoutes: RouteObject[] = [
  { path: 'story/new', lazy: () => import('../features/story/NewStoryScreen').then((m) => ({ Component: m.NewStoryScreen })) },
  { path: 'stories', lazy: () => import('../features/stories/MyStoriesScreen').then((m) => ({ Component: m.MyStoriesScreen })) },
  { path: 'favorites', lazy: () => import('../features/favorites/FavoritesScreen').then((m) => ({ Component: m.FavoritesScreen })) },
  { path: 'feed', lazy: () => import('../features/feed/FeedScreen').then((m) => ({ Component: m.FeedScreen })) },
  { path: 'friends', lazy: () => import('../features/friends/FriendsScreen').then((m) => ({ Component: m.FriendsScreen })) },
  { path: 'messages', lazy: () => import('../features/messages/MessagesScreen').then((m) => ({ Component: m.MessagesScreen })) },
  { path: 'notifications', lazy: () => import('../features/notifications/NotificationsScreen').then((m) => ({ Component: m.NotificationsScreen })) },
  { path: 'settings', lazy: () => import('../features/settings/SettingsScreen').then((m) => ({ Component: m.SettingsScreen })) },
  { path: 'mrt-test', lazy: () => import('../features/mrt-test/MrtTestScreen').then((m) => ({ Component: m.MrtTestScreen })) },
  {
    path: 'admin',
    element: <RequireAdmin />,
    children: [
      { index: true, lazy: () => import('../features/admin/AdminPanelScreen').then((m) => ({ Component: m.AdminPanelScreen })) },
      {
        path: 'feature-requests',
        lazy: () => import('../features/feature-requests/FeatureRequestsScreen').then((m) => ({ Component: m.FeatureRequestsScreen })),
      },
      { path: 'greetings', lazy: () => import('../features/greetings/GreetingsScreen').then((m) => ({ Component: m.GreetingsScreen })) },
      { path: 'audit', lazy: () => import('../features/admin/AuditLogScreen').then((m) => ({ Component: m.AuditLogScreen })) },
      { path: 'reports', lazy: () => import('../features/moderation/ReportsScreen').then((m) => ({ Component: m.ReportsScreen })) },
      { path: 'users', lazy: () => import('../features/moderation/UsersScreen').then((m) => ({ Component: m.UsersScreen })) },
      { path: 'users/:uid', lazy: () => import('../features/moderation/UserScreen').then((m) => ({ Component: m.UserScreen })) },
    ],
  },
];

export const routes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        // On the very first load the router waits for the screen's code; this fills the page meanwhile.
        hydrateFallbackElement: <CenteredSpinner />,
        children: [
          { index: true, lazy: () => import('../features/home/HomeScreen').then((m) => ({ Component: m.HomeScreen })) },
          { path: 'login', lazy: () => import('../features/auth/LoginScreen').then((m) => ({ Component: m.LoginScreen })) },
          // The emailed links and the password reset work signed in or out.
          { path: 'forgot-password', lazy: () => import('../features/auth/ForgotPasswordScreen').then((m) => ({ Component: m.ForgotPasswordScreen })) },
          { path: 'reset-password', lazy: () => import('../features/auth/ResetPasswordScreen').then((m) => ({ Component: m.ResetPasswordScreen })) },
          { path: 'verify-email', lazy: () => import('../features/auth/VerifyEmailScreen').then((m) => ({ Component: m.VerifyEmailScreen })) },
          { path: 'unsubscribe', lazy: () => import('../features/notifications/UnsubscribeScreen').then((m) => ({ Component: m.UnsubscribeScreen })) },
          { path: 'confirm-email', lazy: () => import('../features/auth/ConfirmEmailScreen').then((m) => ({ Component: m.ConfirmEmailScreen })) },
          { path: 'profile', lazy: () => import('../features/profile/ProfileScreen').then((m) => ({ Component: m.ProfileScreen })) },
          ...guestReadableRoutes(queryClient),
          { element: <RequireAuth />, children: signedInRoutes },
          { path: '*', lazy: () => import('../features/not-found/NotFoundScreen').then((m) => ({ Component: m.NotFoundScreen })) },
        ],
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
