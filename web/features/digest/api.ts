import { queryOptions } from '@tanstack/react-query';
import { digestContracts } from '@common/digest/contract';
import { DIGEST_TEXTS } from '@common/digest/rules';
import type { DigestSettingsResponse, DigestSettingsUpdate } from '@common/digest/digest';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';

const digestKeys = { settings: ['digest', 'settings'] as const };

export const digestSettingsQuery = queryOptions({
  queryKey: digestKeys.settings,
  queryFn: ({ signal }) => callRoute(digestContracts.read, { signal }),
});

/** Saves the whole choice (on, day, hour); the answer, with the next due time, replaces what is shown. */
export const useSaveDigestSettings = () =>
  useApiMutation({
    request: (body: DigestSettingsUpdate) => callRoute(digestContracts.update, { body }),
    success: DIGEST_TEXTS.saved,
    reportAs: 'digest_settings',
    onSuccess: (saved: DigestSettingsResponse, _vars, queryClient) => queryClient.setQueryData(digestKeys.settings, saved),
  });

/** The emailed unsubscribe link: no sign-in; the screen shows the outcome (and any failure) itself. */
export const useDigestUnsubscribe = () =>
  useApiMutation({
    request: (token: string) => callRoute(digestContracts.unsubscribe, { query: { token } }),
    failure: false,
    reportAs: 'digest_unsubscribe',
    onSuccess: (_result, _vars, queryClient) => queryClient.invalidateQueries({ queryKey: digestKeys.settings }),
  });
