import { queryOptions } from '@tanstack/react-query';
import type { ContestInput, ContestPage } from '@common/contests/contests';
import { adminContestContracts, contestContracts } from '@common/contests/contract';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { storyKeys } from '../../lib/query-keys';

/** The weekly contest. Every key under ['contests']: a change refetches them all. */
export const contestKeys = {
  all: ['contests'] as const,
  current: ['contests', 'current'] as const,
  past: ['contests', 'past'] as const,
  page: (id: string) => ['contests', 'page', id] as const,
  admin: ['contests', 'admin'] as const,
};

/** Where "Enter this week's contest" goes: the editor, told which contest the story is for. */
export const enterContestPath = (id: string) => `/story/new?contest=${encodeURIComponent(id)}`;

/**
 * While a contest's results are pending (voting closed, the reveal job seconds away: the server's
 * reads never reveal), its screens ask again this often until the results are out.
 */
const RESULTS_PENDING_POLL_MS = 2_000;

export const currentContestsQuery = queryOptions({
  queryKey: contestKeys.current,
  queryFn: ({ signal }) => callRoute(contestContracts.current, { signal }),
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.latestResults?.resultsPending ? RESULTS_PENDING_POLL_MS : false),
});

export const pastContestsQuery = queryOptions({
  queryKey: contestKeys.past,
  queryFn: ({ signal }) => callRoute(contestContracts.past, { signal }),
});

export const contestPageQuery = (id: string) =>
  queryOptions({
    queryKey: contestKeys.page(id),
    queryFn: ({ signal }) => callRoute(contestContracts.page, { params: { id }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.contest.resultsPending ? RESULTS_PENDING_POLL_MS : false),
  });

export const adminContestsQuery = queryOptions({
  queryKey: contestKeys.admin,
  queryFn: ({ signal }) => callRoute(adminContestContracts.list, { signal }),
  staleTime: 0,
});

/** Entering, replacing or withdrawing: the page comes back whole; stories' lists change too (the entry leaves or rejoins them). */
export function useEntryMutation(contestId: string) {
  return useApiMutation({
    request: (storyId: string | null) =>
      storyId === null
        ? callRoute(contestContracts.withdraw, { params: { id: contestId } })
        : enterContest(contestId, storyId),
    success: (_page, storyId) => (storyId === null ? 'Your entry is withdrawn.' : 'Your entry is in.'),
    onSuccess: async (page: ContestPage, _storyId, queryClient) => {
      queryClient.setQueryData(contestKeys.page(contestId), page);
      await invalidateAll(queryClient, [contestKeys.current, storyKeys.all]);
    },
  });
}

/** A vote given (or taken back with `give: false`). */
export function useVoteMutation(contestId: string) {
  return useApiMutation({
    request: ({ storyId, give }: { storyId: string; give: boolean }) =>
      callRoute(give ? contestContracts.vote : contestContracts.unvote, { params: { id: contestId, storyId } }),
    success: (_r, { give }) => (give ? 'Vote given.' : 'Vote taken back.'),
    onSuccess: (result, _vars, queryClient) => {
      queryClient.setQueryData<ContestPage>(contestKeys.page(contestId), (page) =>
        page && { ...page, votesLeft: result.votesLeft, entries: page.entries.map((e) => ({ ...e, voted: result.voted.includes(e.storyId) })) },
      );
    },
  });
}

/** The admins' changes: a new contest, an edit, a disqualification. */
export function useAdminContestMutation<V>(request: (vars: V) => Promise<unknown>, success: string) {
  return useApiMutation({
    request,
    success,
    onSuccess: (_r, _v, queryClient) => invalidateAll(queryClient, [contestKeys.all]),
  });
}

/** PUT /api/contests/:id/entry, outside a screen (the editor enters the story it just saved). */
export const enterContest = (contestId: string, storyId: string) =>
  callRoute(contestContracts.enter, { params: { id: contestId }, body: { storyId } });

export const createContest = (input: ContestInput) => callRoute(adminContestContracts.create, { body: input });
export const editContest = ({ id, input }: { id: string; input: ContestInput }) => callRoute(adminContestContracts.edit, { params: { id }, body: input });
export const disqualifyEntry = ({ id, storyId, reason }: { id: string; storyId: string; reason: string }) =>
  callRoute(adminContestContracts.disqualify, { params: { id, storyId }, body: { reason } });
