import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { blockContracts } from '@common/blocks/contract';
import { routePath } from '@common/contracts/define';
import { followContracts } from '@common/follows/contract';
import {
  SOCIAL_TEXTS,
  writerPageSchema,
  type FollowSettings,
  type MuteDuration,
  type Relationship,
  type RelationshipResponse,
} from '@common/follows/follows';
import { useToast } from '../../components/toasts/toast-context';
import { isApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { errorMessage } from '../../lib/errors';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { conversationKeys, feedKeys, profileKeys, socialKeys, storyKeys } from '../../lib/query-keys';

/** The relationship a follow, block or mute answers with. */
const relationshipOf = (answer: Promise<RelationshipResponse>): Promise<Relationship> => answer.then((r) => r.relationship);

/** The follow button's state and the counts between the viewer and `uid`. */
export const relationshipQuery = (uid: string) =>
  queryOptions({
    queryKey: socialKeys.relationship(uid),
    queryFn: ({ signal }) => relationshipOf(callRoute(followContracts.relationship, { params: { uid }, signal })),
    staleTime: 0,
  });

/** A cursor-paged list of writers (every /friends tab and the /settings lists); `path` gives a page's address. */
const writerList = <K extends readonly unknown[]>(queryKey: K, path: (cursor: string | undefined) => string) =>
  cursorListQuery({
    queryKey,
    path,
    schema: import.meta.env.DEV ? writerPageSchema : undefined,
    items: (page) => page.writers,
  });

export const friendsQuery = () => writerList(socialKeys.friends, (cursor) => routePath(followContracts.friends, { query: { cursor } }));
export const followingQuery = (uid: string) => writerList(socialKeys.following(uid), (cursor) => routePath(followContracts.following, { params: { uid }, query: { cursor } }));
export const followersQuery = (uid: string) => writerList(socialKeys.followers(uid), (cursor) => routePath(followContracts.followers, { params: { uid }, query: { cursor } }));
export const requestsQuery = () => writerList(socialKeys.requests, (cursor) => routePath(followContracts.requests, { query: { cursor } }));
export const searchQuery = (q: string) => writerList(socialKeys.search(q), (cursor) => routePath(followContracts.search, { query: { q, cursor } }));
export const blocksQuery = () => writerList(socialKeys.blocks, (cursor) => routePath(blockContracts.blocks, { query: { cursor } }));
export const mutesQuery = () => writerList(socialKeys.mutes, (cursor) => routePath(blockContracts.mutes, { query: { cursor } }));

export const suggestionsQuery = queryOptions({
  queryKey: socialKeys.suggestions,
  queryFn: ({ signal }) => callRoute(followContracts.suggestions, { signal }).then((r) => r.writers),
});

export const followSettingsQuery = queryOptions({
  queryKey: socialKeys.settings,
  queryFn: ({ signal }) => callRoute(followContracts.settings, { signal }),
});

/**
 * After any change between two writers: the answer becomes the relationship, and every social
 * list refetches, and whether they can message each other (following may open it). `reading`
 * (blocks, mutes) also changes which stories the viewer is shown.
 */
async function applyRelationship(queryClient: QueryClient, relationship: Relationship, { reading = false } = {}) {
  queryClient.setQueryData(socialKeys.relationship(relationship.uid), relationship);
  const keys: QueryKey[] = [socialKeys.all, profileKeys.user(relationship.uid), conversationKeys.canMessage(relationship.uid)];
  if (reading) keys.push(storyKeys.all, feedKeys.all);
  await invalidateAll(queryClient, keys);
}

/**
 * Follow, unfollow and their kin. Past the daily limit of follow actions the server answers
 * 429, which reads as the spec's own sentence rather than the generic "too often".
 */
function useFollowAction(request: (uid: string) => Promise<Relationship>) {
  const { toast } = useToast();
  return useApiMutation({
    request,
    failure: false,
    onSuccess: (relationship, _uid, queryClient) => applyRelationship(queryClient, relationship),
    onError: (error) => toast(isApiError(error) && error.status === 429 ? SOCIAL_TEXTS.tooManyFollowsToday : errorMessage(error), 'error'),
  });
}

/** Follows, or sends a request when they approve new followers. */
export const useFollow = () => useFollowAction((uid) => relationshipOf(callRoute(followContracts.follow, { params: { uid } })));
/** Unfollows, or withdraws the request. */
export const useUnfollow = () => useFollowAction((uid) => relationshipOf(callRoute(followContracts.unfollow, { params: { uid } })));
/** Ends their follow of me: no block, and they are not told. */
export const useRemoveFollower = () => useFollowAction((uid) => relationshipOf(callRoute(followContracts.removeFollower, { params: { uid } })));

const answerRequest = (uid: string, answer: 'accept' | 'decline') =>
  callRoute(answer === 'accept' ? followContracts.acceptRequest : followContracts.declineRequest, { params: { uid } });

/** Refetches the requests, the followers and the relationship with the requester (the counts move). */
const refetchSocial = (queryClient: QueryClient) => invalidateAll(queryClient, [socialKeys.all]);

export const useAcceptRequest = () => useApiMutation({ request: (uid: string) => answerRequest(uid, 'accept'), onSuccess: (_ok, _uid, qc) => refetchSocial(qc) });
/** Silent to the requester. */
export const useDeclineRequest = () => useApiMutation({ request: (uid: string) => answerRequest(uid, 'decline'), onSuccess: (_ok, _uid, qc) => refetchSocial(qc) });

const useReadingChange = <V>(request: (vars: V) => Promise<Relationship>, success: (vars: V) => string) =>
  useApiMutation({
    request,
    success: (_relationship, vars) => success(vars),
    onSuccess: (relationship, _vars, queryClient) => applyRelationship(queryClient, relationship, { reading: true }),
  });

interface Named {
  uid: string;
  name: string;
}

export const useBlock = () => useReadingChange(({ uid }: Named) => relationshipOf(callRoute(blockContracts.block, { params: { uid } })), ({ name }) => `You blocked ${name}.`);
export const useUnblock = () => useReadingChange(({ uid }: Named) => relationshipOf(callRoute(blockContracts.unblock, { params: { uid } })), ({ name }) => `You unblocked ${name}.`);
export const useMute = () =>
  useReadingChange(
    ({ uid, duration }: Named & { duration: MuteDuration }) => relationshipOf(callRoute(blockContracts.mute, { params: { uid }, body: { duration } })),
    ({ name }) => `You muted ${name}.`,
  );
export const useUnmute = () => useReadingChange(({ uid }: Named) => relationshipOf(callRoute(blockContracts.unmute, { params: { uid } })), ({ name }) => `You unmuted ${name}.`);

export const useSaveFollowSettings = () =>
  useApiMutation({
    request: (body: FollowSettings) => callRoute(followContracts.changeSettings, { body }),
    success: ({ approveFollowers }) => (approveFollowers ? 'New followers now need your approval.' : 'Anyone can now follow you.'),
    onSuccess: (settings, _body, queryClient) => {
      queryClient.setQueryData(socialKeys.settings, settings);
      return invalidateAll(queryClient, [socialKeys.requests]);
    },
  });
