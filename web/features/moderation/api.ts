import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { adminUserContracts, moderationContracts, removalContracts } from '@common/moderation/contract';
import {
  REPORT_TEXTS,
  type AccountActionInput,
  type AdminUserDetail,
  type AdminUsersQuery,
  type CaseAction,
  type CaseDetail,
  type CaseOutcome,
  type CaseStatus,
  type ContentRemovalInput,
} from '@common/moderation/moderation';
import { useToast } from '../../components/toasts/toast-context';
import { isApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { errorMessage } from '../../lib/errors';
import { useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { adminKeys, profileKeys, storyKeys } from '../../lib/query-keys';

/**
 * Under adminKeys.moderation, so the live `moderation.changed` event can refetch every
 * moderation screen with one invalidation of `moderationKeys.all`.
 */
export const moderationKeys = {
  all: adminKeys.moderation,
  cases: (status: CaseStatus) => ['admin', 'moderation', 'cases', status] as const,
  case: (id: string) => ['admin', 'moderation', 'case', id] as const,
  users: (params: AdminUsersQuery) => ['admin', 'moderation', 'users', params] as const,
  user: (uid: string) => ['admin', 'moderation', 'user', uid] as const,
  counts: ['admin', 'moderation', 'counts'] as const,
};

/** Failures of the admins' moderation changes are logged under this event type. */
const ADMIN_EVENT = 'admin_moderation';

export const caseListQuery = (status: CaseStatus) =>
  cursorListQuery({
    queryKey: moderationKeys.cases(status),
    path: (cursor) => routePath(moderationContracts.list, { query: { status, cursor } }),
    schema: import.meta.env.DEV ? moderationContracts.list.response : undefined,
    items: (page) => page.items,
  });

export const caseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: moderationKeys.case(id),
    queryFn: ({ signal }) => callRoute(moderationContracts.detail, { params: { id }, signal }),
    // Other admins act on the same cases: what is shown is always asked afresh.
    staleTime: 0,
  });

export const adminUsersQuery = (params: AdminUsersQuery) =>
  cursorListQuery({
    queryKey: moderationKeys.users(params),
    path: (cursor) => routePath(adminUserContracts.list, { query: { q: params.q, status: params.status, sort: params.sort, cursor } }),
    schema: import.meta.env.DEV ? adminUserContracts.list.response : undefined,
    items: (page) => page.items,
  });

export const adminUserQuery = (uid: string) =>
  queryOptions({
    queryKey: moderationKeys.user(uid),
    queryFn: ({ signal }) => callRoute(adminUserContracts.detail, { params: { uid }, signal }),
    staleTime: 0,
  });

/** Open reports in all and per kind: the dashboard's card and the panel's Reports link. Live with the queue. */
export const openReportCountsQuery = queryOptions({
  queryKey: moderationKeys.counts,
  queryFn: ({ signal }) => callRoute(moderationContracts.counts, { signal }),
  staleTime: 0,
});

/** A 409: another admin changed the case after this one was loaded. */
export const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

/**
 * Every moderation change: a conflict says "Someone already handled this report" and refetches
 * what is shown (the admin then sees what the other admin did); other failures show the
 * server's sentence. Any answer refetches the queue, the user pages and the counts.
 */
function useModerationMutation<V, R>(request: (vars: V) => Promise<R>, success?: string | ((result: R, vars: V) => string), apply?: (result: R, vars: V, queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useApiMutation({
    request,
    success,
    failure: false,
    reportAs: ADMIN_EVENT,
    onSuccess: async (result, vars, client) => {
      apply?.(result, vars, client);
      await client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (error) => {
      toast(isConflict(error) ? REPORT_TEXTS.alreadyHandled : errorMessage(error), 'error');
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}

const putCase = (detail: CaseDetail, _vars: unknown, client: QueryClient) => client.setQueryData(moderationKeys.case(detail.id), detail);

export const useAssignCase = () =>
  useModerationMutation(
    ({ id, version }: { id: string; version: number }) => callRoute(moderationContracts.assign, { params: { id }, body: { version } }),
    'Assigned to you.',
    putCase,
  );

export const useCaseAction = () =>
  useModerationMutation(
    ({ id, action, reason, version }: { id: string; action: CaseAction; reason: string; version: number }) =>
      callRoute(moderationContracts.act, { params: { id }, body: { action, reason, version } }),
    'Action applied.',
    putCase,
  );

export const useResolveCase = () =>
  useModerationMutation(
    ({ id, ...body }: { id: string; version: number; outcome: CaseOutcome; reason: string }) =>
      callRoute(moderationContracts.resolve, { params: { id }, body }),
    'Report resolved.',
    putCase,
  );

export const useReopenCase = () =>
  useModerationMutation(
    ({ id, ...body }: { id: string; version: number; reason: string }) => callRoute(moderationContracts.reopen, { params: { id }, body }),
    'Report reopened.',
    putCase,
  );

export const useBulkResolve = () =>
  useModerationMutation((body: { items: { id: string; version: number }[]; outcome: CaseOutcome; reason: string }) =>
    callRoute(moderationContracts.bulkResolve, { body }),
  );

/**
 * An admin removes a story or comment from its page or the user's page (POST /api/admin/removals).
 * What showed it refetches: stories and their comments, profiles, and the moderation screens.
 */
export const useRemoveContent = () =>
  useModerationMutation(
    (input: ContentRemovalInput) => callRoute(removalContracts.remove, { body: input }),
    (_result, { targetType }) => (targetType === 'story' ? 'Story removed.' : 'Comment removed.'),
    (_result, { targetType }, client) => {
      // A removed story's own page is left at once (refetching it would flash "not found"); the lists refetch when next shown.
      void client.invalidateQueries({ queryKey: storyKeys.all, refetchType: targetType === 'story' ? 'none' : 'active' });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  );

export const useAccountAction = () =>
  useModerationMutation(
    async ({ uid, ...body }: AccountActionInput & { uid: string }): Promise<AdminUserDetail | null> => {
      const detail = await callRoute(adminUserContracts.act, { params: { uid }, body });
      // A deleted account has no page left: whatever the server answers, the screen leaves it.
      return body.action === 'delete' ? null : detail;
    },
    (_detail, { action }) => (action === 'delete' ? 'Account deleted.' : action === 'note' ? 'Note added.' : 'Action applied.'),
    (detail, { uid }, client) => {
      if (detail) client.setQueryData(moderationKeys.user(detail.uid), detail);
      // Its page would only answer 'not found' now.
      else client.removeQueries({ queryKey: moderationKeys.user(uid) });
    },
  );
