import { queryOptions } from '@tanstack/react-query';
import { adminFederationContracts, federationContracts } from '@common/contracts/federation';
import type { FederationSettings, RemoteReport } from '@common/federation';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';

export const federationKeys = {
  all: ['federation'] as const,
  settings: ['federation', 'settings'] as const,
  followers: ['federation', 'followers'] as const,
  following: ['federation', 'following'] as const,
  stories: ['federation', 'stories'] as const,
  reactions: (storyId: string) => ['federation', 'reactions', storyId] as const,
};

export const federationSettingsQuery = queryOptions({
  queryKey: federationKeys.settings,
  queryFn: ({ signal }) => callRoute(federationContracts.settings, { signal }),
});

export const remoteFollowersQuery = queryOptions({
  queryKey: federationKeys.followers,
  queryFn: ({ signal }) => callRoute(federationContracts.followers, { signal }),
});

export const remoteFollowingQuery = queryOptions({
  queryKey: federationKeys.following,
  queryFn: ({ signal }) => callRoute(federationContracts.following, { signal }),
});

export const remoteStoriesQuery = queryOptions({
  queryKey: federationKeys.stories,
  queryFn: ({ signal }) => callRoute(federationContracts.stories, { signal }),
});

/** A story's likes and boosts from other servers. */
export const storyFediverseReactionsQuery = (storyId: string) =>
  queryOptions({
    queryKey: federationKeys.reactions(storyId),
    queryFn: ({ signal }) => callRoute(federationContracts.storyReactions, { params: { id: storyId }, signal }),
    // A count from elsewhere: the page's other refetches are enough.
    staleTime: 60_000,
  });

export const useSaveFederationSettings = () =>
  useApiMutation({
    request: (body: Partial<Pick<FederationSettings, 'federate' | 'replies'>>) => callRoute(federationContracts.updateSettings, { body }),
    success: 'Saved.',
    onSuccess: (settings, _body, queryClient) => {
      queryClient.setQueryData(federationKeys.settings, settings);
    },
  });

export const useRemoveRemoteFollower = () =>
  useApiMutation({
    request: (id: string) => callRoute(federationContracts.removeFollower, { body: { id } }),
    success: 'Follower removed.',
    onSuccess: (_result, _id, queryClient) => queryClient.invalidateQueries({ queryKey: federationKeys.followers }),
  });

export const useFollowRemote = () =>
  useApiMutation({
    request: (handle: string) => callRoute(federationContracts.follow, { body: { handle } }),
    success: 'Follow sent.',
    onSuccess: (list, _handle, queryClient) => {
      queryClient.setQueryData(federationKeys.following, list);
    },
  });

export const useUnfollowRemote = () =>
  useApiMutation({
    request: (id: string) => callRoute(federationContracts.unfollow, { body: { id } }),
    success: 'Unfollowed.',
    onSuccess: (_result, _id, queryClient) => queryClient.invalidateQueries({ queryKey: federationKeys.all }),
  });

export const federationAdminQuery = queryOptions({
  queryKey: ['federation', 'admin'] as const,
  queryFn: ({ signal }) => callRoute(adminFederationContracts.overview, { signal }),
});

export const useSetDomainRule = () =>
  useApiMutation({
    request: (body: { domain: string; mode: 'block' | 'silence' }) => callRoute(adminFederationContracts.setDomain, { body }),
    success: ({ domains }, { domain }) => `${domain} is now ${domains.find((d) => d.domain === domain)?.mode === 'silence' ? 'silenced' : 'blocked'}.`,
    onSuccess: (overview, _body, queryClient) => {
      queryClient.setQueryData(federationAdminQuery.queryKey, overview);
    },
  });

export const useRemoveDomainRule = () =>
  useApiMutation({
    request: (domain: string) => callRoute(adminFederationContracts.removeDomain, { body: { domain } }),
    success: (_overview, domain) => `${domain} is no longer blocked or silenced.`,
    onSuccess: (overview, _domain, queryClient) => {
      queryClient.setQueryData(federationAdminQuery.queryKey, overview);
    },
  });

/** Reports an account on another server to that server; the form shows the outcome beside itself. */
export const useReportRemoteAccount = () =>
  useApiMutation({
    request: (body: RemoteReport) => callRoute(adminFederationContracts.reportAccount, { body }),
    failure: false,
  });
