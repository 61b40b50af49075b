import { queryOptions } from '@tanstack/react-query';
import { badgeContracts } from '@common/badges/contract';
import { callRoute } from '../../lib/call-route';

/** Badge lists: the writer's own catalogue and other profiles' earned badges. */
export const badgeKeys = {
  all: ['badges'] as const,
  mine: ['badges', 'me'] as const,
  user: (uid: string) => ['badges', 'user', uid] as const,
};

/** GET /api/me/badges: every badge, earned ones with their date. Fetched afresh on every visit. */
export const myBadgesQuery = queryOptions({
  queryKey: badgeKeys.mine,
  queryFn: ({ signal }) => callRoute(badgeContracts.mine, { signal }),
  staleTime: 0,
});

/** GET /api/users/:uid/badges: the badges a writer earned. */
export const userBadgesQuery = (uid: string) =>
  queryOptions({
    queryKey: badgeKeys.user(uid),
    queryFn: ({ signal }) => callRoute(badgeContracts.user, { params: { uid }, signal }),
    staleTime: 0,
  });
