import { keepPreviousData, queryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { adminFeatureRequestContracts, featureRequestContracts } from '@common/feature-requests/contract';
import { FEATURE_REQUEST_TEXTS, type FeatureRequestFilter, type FeatureRequestStatus } from '@common/feature-requests/feature-requests';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { conversationKeys, featureRequestKeys } from '../../lib/query-keys';

/** Failures of the admin's changes are logged under this event type (spec section 7, Logging). */
const ADMIN_EVENT = 'admin_feature_request';

/** The admin list, newest first, one filter at a time; under featureRequestKeys so live events refetch it. */
export const adminFeatureRequestsQuery = (filter: FeatureRequestFilter) =>
  cursorListQuery({
    queryKey: [...featureRequestKeys.admin, filter] as const,
    path: (cursor) => routePath(adminFeatureRequestContracts.list, { query: { status: filter, cursor } }),
    schema: import.meta.env.DEV ? adminFeatureRequestContracts.list.response : undefined,
    items: (page) => page.featureRequests,
  });

/**
 * The per-filter counts the newest page carries, read from the list's own cache entry (a
 * second observer of the same query, so nothing is fetched twice).
 */
export function useFeatureRequestCounts(filter: FeatureRequestFilter) {
  const { data } = useInfiniteQuery({
    ...adminFeatureRequestsQuery(filter),
    select: (pages) => pages.pages[0]?.counts,
    placeholderData: keepPreviousData,
  });
  return data;
}

/** "My suggestions": the requester's own requests and their status. */
export const myFeatureRequestsQuery = queryOptions({
  queryKey: featureRequestKeys.mine,
  queryFn: ({ signal }) => callRoute(featureRequestContracts.mine, { signal }).then((r) => r.featureRequests),
  // The status changes elsewhere (an admin's screen): fetch afresh whenever the list opens.
  staleTime: 0,
});

/** Statuses, counts and unread marks all move with any change: every feature-request list refetches. */
const refetchRequests = (queryClient: QueryClient) => invalidateAll(queryClient, [featureRequestKeys.all]);

export const useSetStatus = () =>
  useApiMutation({
    request: ({ id, status }: { id: string; status: FeatureRequestStatus }) =>
      callRoute(adminFeatureRequestContracts.setStatus, { params: { id }, body: { status } }),
    success: (_answer, { status }) => FEATURE_REQUEST_TEXTS.statusChanged(status),
    failure: FEATURE_REQUEST_TEXTS.statusFailed,
    reportAs: ADMIN_EVENT,
    onSuccess: (_answer, _vars, queryClient) => refetchRequests(queryClient),
  });

export const useRespond = () =>
  useApiMutation({
    request: ({ id, text }: { id: string; text: string }) =>
      callRoute(adminFeatureRequestContracts.respond, { params: { id }, body: { text } }),
    success: FEATURE_REQUEST_TEXTS.responseSent,
    failure: FEATURE_REQUEST_TEXTS.responseFailed,
    reportAs: ADMIN_EVENT,
    // The response also lands in a conversation the admin takes part in.
    onSuccess: (_answer, _vars, queryClient) => invalidateAll(queryClient, [featureRequestKeys.all, conversationKeys.all]),
  });

/** Marks the requester's replies read; quiet, as it happens on the way to answering. */
export const useMarkRequestRead = () =>
  useApiMutation({
    request: (id: string) => callRoute(adminFeatureRequestContracts.markRead, { params: { id } }),
    failure: false,
    reportAs: ADMIN_EVENT,
    onSuccess: (_answer, _id, queryClient) => refetchRequests(queryClient),
  });

export const useDeleteFeatureRequest = () =>
  useApiMutation({
    request: (id: string) => callRoute(adminFeatureRequestContracts.remove, { params: { id } }),
    success: 'Feature request deleted.',
    reportAs: ADMIN_EVENT,
    onSuccess: (_answer, _id, queryClient) => invalidateAll(queryClient, [featureRequestKeys.all, conversationKeys.all]),
  });
