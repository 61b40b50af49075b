import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountDeletionContracts } from '@common/account-deletion/contract';
import { formatLongDate } from '@common/shared/dates';
import { YOUR_DATA_TEXTS, type DeletionRequest, type DeletionState } from '@common/your-data/your-data';
import { callRoute } from '../../lib/call-route';
import { ME_QUERY_KEY, setCurrentUserData } from '../../lib/auth';
import { useApiMutation } from '../../lib/mutation';

export const deletionKeys = { state: ['account-deletion'] as const };

/** GET /api/account/deletion: the account's deletion date, or null. */
export const deletionQuery = queryOptions({
  queryKey: deletionKeys.state,
  queryFn: ({ signal }) => callRoute(accountDeletionContracts.state, { signal }),
});

/** "December 24, 2026" in the reader's locale and zone: the day the account goes, as the email also writes it. */
export function deletionDate(iso: string): string {
  return formatLongDate(iso);
}

/**
 * Forgets the signed-in person here: the server has already ended every session of theirs,
 * so the app goes back to the signed-out start page (as after signing out).
 */
function useForgetSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave first: a signed-in-only screen that saw the user vanish would send us to /login.
    await navigate('/');
    setCurrentUserData(queryClient, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  }, [queryClient, navigate]);
}

/**
 * POST /api/account/deletion with the typed email. The dialog shows a refusal beside the field
 * (failure: false); on success the person is signed out with the date in a toast.
 */
export function useRequestDeletion(onError?: (error: Error) => void) {
  const forget = useForgetSession();
  return useApiMutation({
    request: (body: DeletionRequest): Promise<{ deletion: DeletionState }> => callRoute(accountDeletionContracts.request, { body }),
    success: ({ deletion }) => YOUR_DATA_TEXTS.deletionScheduled(deletionDate(deletion.deleteAfter)),
    failure: false,
    reportAs: 'account_deletion_requested',
    onSuccess: () => forget(),
    onError,
  });
}

/** DELETE /api/account/deletion ("Cancel deletion"): the answer is the current user again, and the app comes back. */
export function useCancelDeletion() {
  return useApiMutation({
    request: () => callRoute(accountDeletionContracts.cancel, {}),
    success: YOUR_DATA_TEXTS.deletionCancelled,
    reportAs: 'account_deletion_cancelled',
    onSuccess: async (me, _vars, queryClient) => {
      setCurrentUserData(queryClient, me);
      await queryClient.invalidateQueries({ queryKey: deletionKeys.state });
    },
  });
}
