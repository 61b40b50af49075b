import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGreetingContracts, greetingContracts } from '@common/greetings/contract';
import type { Greeting, GreetingCreate } from '@common/greetings/greetings';
import { compareGreetings, formatImportSummary, type GreetingPunctuation } from '@common/greetings/rules';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { adminKeys, greetingKeys } from '../../lib/query-keys';

/** Where the Export CSV link points: the server answers with greetings.csv as an attachment (a plain route, not a contract). */
export const EXPORT_URL = '/api/admin/greetings/export';
/** Failures of the admin's changes are logged under this event type. */
const GREETING_EVENT = 'admin_greeting';

export const adminGreetingsQuery = queryOptions({
  queryKey: adminKeys.greetings,
  queryFn: ({ signal }) => callRoute(adminGreetingContracts.list, { signal }).then((r) => r.greetings),
});

/** The home heading's greeting: it changes once a day (UTC), and live when an admin edits the list. */
export const todayGreetingQuery = queryOptions({
  queryKey: greetingKeys.today,
  queryFn: ({ signal }) => callRoute(greetingContracts.today, { signal }).then((r) => r.greeting),
  staleTime: 5 * 60_000,
});

/** The table and the home greeting both follow any change to the list. */
const refetchGreetings = (queryClient: QueryClient) => invalidateAll(queryClient, [adminKeys.greetings, greetingKeys.today]);

/** A changed row goes into the table at once, in its sorted place, before the refetch confirms it. */
async function applyGreeting(queryClient: QueryClient, greeting: Greeting) {
  queryClient.setQueryData(adminGreetingsQuery.queryKey, (list) => list?.map((g) => (g.id === greeting.id ? greeting : g)).sort(compareGreetings));
  await refetchGreetings(queryClient);
}

/*
 * Every change toasts its outcome; a failure toasts the server's own sentence ("That greeting
 * already exists.", "Invalid CSV file.") and is logged. Forms keep what was typed on failure.
 */

export const useAddGreeting = () =>
  useApiMutation({
    request: (body: GreetingCreate) => callRoute(adminGreetingContracts.create, { body }),
    success: 'Greeting added!',
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _vars, queryClient) => refetchGreetings(queryClient),
  });

export const useEditGreeting = () =>
  useApiMutation({
    request: ({ id, text, punctuation }: { id: string; text: string; punctuation: GreetingPunctuation }) =>
      callRoute(adminGreetingContracts.update, { params: { id }, body: { text, punctuation } }),
    success: 'Greeting updated!',
    reportAs: GREETING_EVENT,
    onSuccess: ({ greeting }, _vars, queryClient) => applyGreeting(queryClient, greeting),
  });

/** The Enabled checkbox: it shows the outcome itself, so only a failure toasts. */
export const useToggleGreeting = () =>
  useApiMutation({
    request: ({ id, enabled }: { id: string; enabled: boolean }) =>
      callRoute(adminGreetingContracts.update, { params: { id }, body: { enabled } }),
    reportAs: GREETING_EVENT,
    onSuccess: ({ greeting }, _vars, queryClient) => applyGreeting(queryClient, greeting),
  });

export const useDeleteGreeting = () =>
  useApiMutation({
    request: (id: string) => callRoute(adminGreetingContracts.remove, { params: { id } }),
    success: 'Greeting deleted!',
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _id, queryClient) => refetchGreetings(queryClient),
  });

/** Enable All / Disable All. */
export const useSetAllEnabled = () =>
  useApiMutation({
    request: (enabled: boolean) => callRoute(enabled ? adminGreetingContracts.enableAll : adminGreetingContracts.disableAll, {}),
    success: (_answer, enabled) => (enabled ? 'All greetings enabled!' : 'All greetings disabled!'),
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _enabled, queryClient) => refetchGreetings(queryClient),
  });

/** What importing the file would do; nothing is written. The dialog shows the answer. */
export const usePreviewImport = () =>
  useApiMutation({
    request: (csv: string) => callRoute(adminGreetingContracts.previewImport, { body: { csv } }),
    reportAs: GREETING_EVENT,
  });

export const useImportGreetings = () =>
  useApiMutation({
    request: (csv: string) => callRoute(adminGreetingContracts.import, { body: { csv } }),
    success: (summary) => `Greetings imported: ${formatImportSummary(summary)}`,
    reportAs: GREETING_EVENT,
    onSuccess: (_summary, _csv, queryClient) => refetchGreetings(queryClient),
  });
