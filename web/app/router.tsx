import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RouteErrorFallback } from './ErrorFallback';
import { RequireAuth } from './RequireAuth';
import { GUEST_READABLE } from './guest-readable';
import { screen } from './screen-route';
import { onDemand } from '../lib/on-demand';
import { CenteredSpinner } from '../components/Spinner';

/**
 * What a guest may open from a shared link: read-only, the screens themselves ask to log in
 * for anything else (the story editor included). Marked (guest-readable.ts): someone waiting
 * for approval reads them too.
 */
const guestReadableRoutes = (queryClient: QueryClient): RouteObject[] => guestRoutes(queryClient).map((route) => ({ ...route, handle: GUEST_READABLE }));

const guestRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: 'community',
    // The loader only starts the list's request (it returns at once), so it travels alongside the sign-in check.
    lazy: screen(
      () => import('../features/stories/CommunityScreen'),
      (m) => ({
        Component: m.CommunityScreen,
        loader: ({ request }: { request: Request }) => {
          m.prefetchCommunity(queryClient, new URL(request.url).searchParams);
          return null;
        },
      }),
    ),
  },
  { path: 'user/:uid', lazy: screen(() => import('../features/profile/PublicProfileScreen'), (m) => ({ Component: m.PublicProfileScreen })) },
  // /@handle: a route matches whole segments only, so this takes every one-segment address no
  // other route claims; without its @ the screen is the not-found one.
  { path: ':at', lazy: screen(() => import('../features/profile/HandleProfileScreen'), (m) => ({ Component: m.HandleProfileScreen })) },
  { path: 'story/:id/:mode?', lazy: screen(() => import('../features/stories/StoryScreen'), (m) => ({ Component: m.StoryScreen })) },
  { path: 'prompt/:date', lazy: screen(() => import('../features/prompts/PromptScreen'), (m) => ({ Component: m.PromptScreen })) },
  { path: 'prompts', lazy: screen(() => import('../features/prompts/ArchiveScreen'), (m) => ({ Component: m.ArchiveScreen })) },
  { path: 'tag/:name', lazy: screen(() => import('../features/tags/TagScreen'), (m) => ({ Component: m.TagScreen })) },
  { path: 'tags', lazy: screen(() => import('../features/tags/TagsScreen'), (m) => ({ Component: m.TagsScreen })) },
  { path: 'anthologies/:id?', lazy: screen(() => import('../features/anthologies/AnthologiesScreen'), (m) => ({ Component: m.AnthologiesScreen })) },
  { path: 'series/:id', lazy: screen(() => import('../features/series/SeriesScreen'), (m) => ({ Component: m.SeriesScreen })) },
  { path: 'contest', lazy: screen(() => import('../features/contests/CurrentContestScreen'), (m) => ({ Component: m.CurrentContestScreen })) },
  { path: 'contests', lazy: screen(() => import('../features/contests/PastContestsScreen'), (m) => ({ Component: m.PastContestsScreen })) },
  { path: 'contests/:id', lazy: screen(() => import('../features/contests/ContestScreen'), (m) => ({ Component: m.ContestScreen })) },
  // A public reading list is shared by its link; a private one answers 404 to all but its owner.
  { path: 'lists/:id', lazy: screen(() => import('../features/reading-lists/ReadingListScreen'), (m) => ({ Component: m.ReadingListScreen })) },
];

/** Screens load on first visit; the layout shows a spinner meanwhile (screen-route.tsx: and what a failed download shows). */
const signedInRoutes: RouteObject[] = [
  { path: 'story/new', lazy: screen(() => import('../features/stories/NewStoryScreen'), (m) => ({ Component: m.NewStoryScreen })) },
  { path: 'stories', lazy: screen(() => import('../features/stories/MyStoriesScreen'), (m) => ({ Component: m.MyStoriesScreen })) },
  { path: 'favorites', lazy: screen(() => import('../features/favorites/FavoritesScreen'), (m) => ({ Component: m.FavoritesScreen })) },
  { path: 'lists', lazy: screen(() => import('../features/reading-lists/ReadingListsScreen'), (m) => ({ Component: m.ReadingListsScreen })) },
  { path: 'feed', lazy: screen(() => import('../features/feed/FeedScreen'), (m) => ({ Component: m.FeedScreen })) },
  { path: 'friends', lazy: screen(() => import('../features/follows/FriendsScreen'), (m) => ({ Component: m.FriendsScreen })) },
  { path: 'messages', lazy: screen(() => import('../features/messages/MessagesScreen'), (m) => ({ Component: m.MessagesScreen })) },
  { path: 'notifications', lazy: screen(() => import('../features/notifications/NotificationsScreen'), (m) => ({ Component: m.NotificationsScreen })) },
  { path: 'settings', lazy: screen(() => import('../features/settings/SettingsScreen'), (m) => ({ Component: m.SettingsScreen })) },
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
          { index: true, lazy: screen(() => import('../features/home/HomeScreen'), (m) => ({ Component: m.HomeScreen })) },
          { path: 'login', lazy: screen(() => import('../features/auth/LoginScreen'), (m) => ({ Component: m.LoginScreen })) },
          // An invite link: the login screen with its code.
          { path: 'join/:code', loader: ({ params }) => redirect(`/login?invite=${encodeURIComponent(params.code ?? '')}`) },
          // The emailed links and the password reset work signed in or out.
          { path: 'forgot-password', lazy: screen(() => import('../features/auth/ForgotPasswordScreen'), (m) => ({ Component: m.ForgotPasswordScreen })) },
          { path: 'reset-password', lazy: screen(() => import('../features/auth/ResetPasswordScreen'), (m) => ({ Component: m.ResetPasswordScreen })) },
          { path: 'verify-email', lazy: screen(() => import('../features/auth/VerifyEmailScreen'), (m) => ({ Component: m.VerifyEmailScreen })) },
          { path: 'unsubscribe', lazy: screen(() => import('../features/notifications/UnsubscribeScreen'), (m) => ({ Component: m.UnsubscribeScreen })) },
          { path: 'digest/unsubscribe', lazy: screen(() => import('../features/digest/DigestUnsubscribeScreen'), (m) => ({ Component: m.DigestUnsubscribeScreen })) },
          { path: 'confirm-email', lazy: screen(() => import('../features/auth/ConfirmEmailScreen'), (m) => ({ Component: m.ConfirmEmailScreen })) },
          { path: 'profile', lazy: screen(() => import('../features/profile/ProfileScreen'), (m) => ({ Component: m.ProfileScreen })) },
          ...guestReadableRoutes(queryClient),
          { id: SIGNED_IN_ROUTE_ID, element: <RequireAuth />, children: signedInRoutes },
          { path: '*', lazy: screen(() => import('../features/not-found/NotFoundScreen'), (m) => ({ Component: m.NotFoundScreen })) },
        ],
      },
    ],
  },
];

/** The signed-in screens' parent route: the admin screens join it on the first visit to /admin. */
const SIGNED_IN_ROUTE_ID = 'signed-in';

/**
 * The admin screens' routes come with the first visit to /admin (admin-routes.tsx): most people
 * never open them, and each route is first-load bytes. Until then /admin matches the one-segment
 * or not-found route, whose parameters make the router ask here first.
 */
const adminRoutes = onDemand(() => import('./admin-routes'));

async function addAdminRoutes({ path, patch }: { path: string; patch: (routeId: string | null, children: RouteObject[]) => void }) {
  // Once in, they match by themselves (a user's page, /admin/users/:uid, still asks: it has a parameter).
  if (adminRoutes.loaded() || !/^\/admin(\/|$)/.test(path)) return;
  // Tried again as a screen's code is (on-demand.ts); a download that still fails is the route's error screen.
  const { adminRoute } = await adminRoutes.load();
  patch(SIGNED_IN_ROUTE_ID, [adminRoute]);
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient), { patchRoutesOnNavigation: addAdminRoutes });
}
