import { queryOptions } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@common/two-factor';
import { apiFetch } from './api';

/** GET /api/account/two-factor: Settings' section and the admin gate (REQUIRE_ADMIN_2FA) read it. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['account', 'two-factor'] as const,
  queryFn: ({ signal }) => apiFetch('/api/account/two-factor', { signal }) as Promise<TwoFactorStatus>,
  staleTime: 0,
});
