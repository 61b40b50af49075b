import { queryOptions } from '@tanstack/react-query';
import { challengeResponseSchema, challengesResponseSchema, type ChallengeCreate } from '@common/challenges';
import { apiFetch } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { profileKeys } from '../../lib/query-keys';

/** Under the profile's keys, so whatever refreshes the own profile refreshes these too. */
export const challengeKeys = { mine: [...profileKeys.all, 'me', 'challenges'] as const };

/** GET /api/me/challenges: fetched afresh on every visit (stories written elsewhere move them on). */
export const challengesQuery = queryOptions({
  queryKey: challengeKeys.mine,
  queryFn: ({ signal }) => apiFetch('/api/me/challenges', { schema: import.meta.env.DEV ? challengesResponseSchema : undefined, signal }),
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
  useChallengeMutation((body: ChallengeCreate) => apiFetch('/api/me/challenges', { method: 'POST', body, schema: import.meta.env.DEV ? challengeResponseSchema : undefined }), {
    success: 'Challenge started!',
    event: 'challenge_started',
  });

export const useGiveUpChallenge = () =>
  useChallengeMutation((id: string) => apiFetch(`/api/me/challenges/${encodeURIComponent(id)}`, { method: 'DELETE', schema: import.meta.env.DEV ? challengeResponseSchema : undefined }), {
    success: 'Challenge given up.',
    failure: 'Failed to give up the challenge',
    event: 'challenge_given_up',
  });
