import { queryOptions } from '@tanstack/react-query';
import type { ChallengeCreate } from '@common/challenges/challenges';
import { challengeContracts } from '@common/challenges/contract';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { profileKeys } from '../../lib/query-keys';

/** Under the profile's keys, so whatever refreshes the own profile refreshes these too. */
export const challengeKeys = { mine: [...profileKeys.all, 'me', 'challenges'] as const };

/** GET /api/me/challenges: fetched afresh on every visit (stories written elsewhere move them on). */
export const challengesQuery = queryOptions({
  queryKey: challengeKeys.mine,
  queryFn: ({ signal }) => callRoute(challengeContracts.list, { signal }),
  staleTime: 0,
});

/**
 * A change to the writer's challenges; the list is fetched again afterwards. A failure shows
 * beside the form (start) or as a toast (give up), and is logged.
 */
function useChallengeMutation<V>(request: (vars: V) => Promise<unknown>, texts: { success: string; failure?: string; event: string }) {
  return useApiMutation({
    request,
    success: texts.success,
    failure: texts.failure ?? false,
    reportAs: texts.event,
    onSuccess: (_result, _vars, queryClient) => queryClient.invalidateQueries({ queryKey: challengeKeys.mine }),
  });
}

export const useStartChallenge = () =>
  useChallengeMutation((body: ChallengeCreate) => callRoute(challengeContracts.start, { body }), {
    success: 'Challenge started!',
    event: 'challenge_started',
  });

export const useGiveUpChallenge = () =>
  useChallengeMutation((id: string) => callRoute(challengeContracts.giveUp, { params: { id } }), {
    success: 'Challenge given up.',
    failure: 'Failed to give up the challenge',
    event: 'challenge_given_up',
  });
