import { queryOptions } from '@tanstack/react-query';
import { adminFederationContracts, federationContracts } from '@common/federation/contract';
import type { FederationSettings, RemoteReport } from '@common/federation/federation';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';

export const federationKeys = {
  all: ['federation'] as const,
  settings: ['federation', 'settings'] as const,
  followers: ['federation', 'followers'] as const,
  following: ['federation', 'following'] as const,
  stories: ['federation', 'stories'] as const,
  blocks: ['federation', 'blocks'] as const,
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

export const remoteBlocksQuery = queryOptions({
  queryKey: federationKeys.blocks,
  queryFn: ({ signal }) => callRoute(federationContracts.blocks, { signal }),
});

/** Blocks an account on another server; whatever showed it (followers, comments) is fetched again. */
export const useBlockRemote = () =>
  useApiMutation({
    request: (id: string) => callRoute(federationContracts.block, { body: { id } }),
    success: 'Blocked.',
    onSuccess: async (list, _id, queryClient) => {
      queryClient.setQueryData(federationKeys.blocks, list);
      await queryClient.invalidateQueries({ queryKey: federationKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['stories'] });
    },
  });

export const useUnblockRemote = () =>
  useApiMutation({
    request: (id: string) => callRoute(federationContracts.unblock, { body: { id } }),
    success: 'Unblocked.',
    onSuccess: (_result, _id, queryClient) => queryClient.invalidateQueries({ queryKey: federationKeys.blocks }),
  });

/** Answers a post from another server; a refusal shows beside the box (no toast). */
export const useReplyRemote = () =>
  useApiMutation({
    request: (body: { inReplyTo: string; text: string }) => callRoute(federationContracts.reply, { body }),
    failure: false,
    onSuccess: (list, _body, queryClient) => {
      queryClient.setQueryData(federationKeys.stories, list);
    },
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
