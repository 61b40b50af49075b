import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useToast } from '../components/toasts/toast-context';
import { errorMessage } from './errors';
import { reportFailure } from './report-error';

export interface ApiMutationOptions<V, R> {
  /** The call to the server, usually apiFetch with the answer's schema. */
  request: (vars: V) => Promise<R>;
  /** The success toast; left out where the screen shows the outcome itself. */
  success?: string | ((result: R, vars: V) => string);
  /**
   * The failure toast: a fixed sentence (the spec's toasts), else the server's message
   * (errorMessage); false where the screen shows the failure beside the form.
   */
  failure?: string | false;
  /** Also logs a failure to the server under this event type (spec section 8); the console always hears of it. */
  reportAs?: string;
  /** Applies the answer: cache writes, refetches. Awaited, so the mutation stays pending until it is done. */
  onSuccess?: (result: R, vars: V, queryClient: QueryClient) => unknown;
  /** After the failure toast and report: what the screen keeps of the failure. */
  onError?: (error: Error, vars: V) => void;
}

/**
 * A change sent to the server, the one way every feature does it: the success toast shows and
 * the answer is applied; a failure toasts (the spec's sentence or the server's message) and is
 * reported. Forms keep what was typed on failure: they clear themselves only on success.
 */
export function useApiMutation<V, R>({ request, success, failure, reportAs, onSuccess, onError }: ApiMutationOptions<V, R>): UseMutationResult<R, Error, V> {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, vars) => {
      if (success !== undefined) toast(typeof success === 'string' ? success : success(result, vars), 'success');
      await onSuccess?.(result, vars, queryClient);
    },
    onError: (error, vars) => {
      if (failure !== false) toast(failure ?? errorMessage(error), 'error');
      reportFailure(failure || undefined, error, reportAs);
      onError?.(error, vars);
    },
  });
}

/** Refetches every query under these keys; resolves once they have answered. */
export async function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
