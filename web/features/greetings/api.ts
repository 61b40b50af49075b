import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { bulkEnabledResponseSchema, greetingDeletedSchema, greetingListResponseSchema, greetingResponseSchema, importSummarySchema, todayGreetingResponseSchema, type Greeting, type GreetingCreate } from '@common/greetings';
import { compareGreetings, formatImportSummary, type GreetingPunctuation } from '@common/greeting-rules';
import { apiFetch } from '../../lib/api';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { adminKeys, greetingKeys } from '../../lib/query-keys';

const ADMIN_PATH = '/api/admin/greetings';
/** Where the Export CSV link points: the server answers with greetings.csv as an attachment. */
export const EXPORT_URL = `${ADMIN_PATH}/export`;
/** Failures of the admin's changes are logged under this event type. */
const GREETING_EVENT = 'admin_greeting';

const greetingPath = (id: string) => `${ADMIN_PATH}/${encodeURIComponent(id)}`;

export const adminGreetingsQuery = queryOptions({
  queryKey: adminKeys.greetings,
  queryFn: ({ signal }) => apiFetch(ADMIN_PATH, { schema: import.meta.env.DEV ? greetingListResponseSchema : undefined, signal }).then((r) => r.greetings),
});

/** The home heading's greeting: it changes once a day (UTC), and live when an admin edits the list. */
export const todayGreetingQuery = queryOptions({
  queryKey: greetingKeys.today,
  queryFn: ({ signal }) => apiFetch('/api/greetings/today', { schema: import.meta.env.DEV ? todayGreetingResponseSchema : undefined, signal }).then((r) => r.greeting),
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
    request: (body: GreetingCreate) => apiFetch(ADMIN_PATH, { method: 'POST', body, schema: import.meta.env.DEV ? greetingResponseSchema : undefined }),
    success: 'Greeting added!',
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _vars, queryClient) => refetchGreetings(queryClient),
  });

export const useEditGreeting = () =>
  useApiMutation({
    request: ({ id, text, punctuation }: { id: string; text: string; punctuation: GreetingPunctuation }) =>
      apiFetch(greetingPath(id), { method: 'PATCH', body: { text, punctuation }, schema: import.meta.env.DEV ? greetingResponseSchema : undefined }),
    success: 'Greeting updated!',
    reportAs: GREETING_EVENT,
    onSuccess: ({ greeting }, _vars, queryClient) => applyGreeting(queryClient, greeting),
  });

/** The Enabled checkbox: it shows the outcome itself, so only a failure toasts. */
export const useToggleGreeting = () =>
  useApiMutation({
    request: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiFetch(greetingPath(id), { method: 'PATCH', body: { enabled }, schema: import.meta.env.DEV ? greetingResponseSchema : undefined }),
    reportAs: GREETING_EVENT,
    onSuccess: ({ greeting }, _vars, queryClient) => applyGreeting(queryClient, greeting),
  });

export const useDeleteGreeting = () =>
  useApiMutation({
    request: (id: string) => apiFetch(greetingPath(id), { method: 'DELETE', schema: import.meta.env.DEV ? greetingDeletedSchema : undefined }),
    success: 'Greeting deleted!',
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _id, queryClient) => refetchGreetings(queryClient),
  });

/** Enable All / Disable All. */
export const useSetAllEnabled = () =>
  useApiMutation({
    request: (enabled: boolean) => apiFetch(`${ADMIN_PATH}/${enabled ? 'enable-all' : 'disable-all'}`, { method: 'POST', body: {}, schema: import.meta.env.DEV ? bulkEnabledResponseSchema : undefined }),
    success: (_answer, enabled) => (enabled ? 'All greetings enabled!' : 'All greetings disabled!'),
    reportAs: GREETING_EVENT,
    onSuccess: (_answer, _enabled, queryClient) => refetchGreetings(queryClient),
  });

/** What importing the file would do; nothing is written. The dialog shows the answer. */
export const usePreviewImport = () =>
  useApiMutation({
    request: (csv: string) => apiFetch(`${ADMIN_PATH}/import/preview`, { method: 'POST', body: { csv }, schema: import.meta.env.DEV ? importSummarySchema : undefined }),
    reportAs: GREETING_EVENT,
  });

export const useImportGreetings = () =>
  useApiMutation({
    request: (csv: string) => apiFetch(`${ADMIN_PATH}/import`, { method: 'POST', body: { csv }, schema: import.meta.env.DEV ? importSummarySchema : undefined }),
    success: (summary) => `Greetings imported: ${formatImportSummary(summary)}`,
    reportAs: GREETING_EVENT,
    onSuccess: (_summary, _csv, queryClient) => refetchGreetings(queryClient),
  });
