import { queryOptions } from '@tanstack/react-query';
import type { twoFactorContracts } from '@common/account/two-factor-contract';
import type { RouteAnswer } from '@common/contracts/define';
import { apiFetch } from './api';

type StatusRoute = typeof twoFactorContracts.status;

/**
 * GET /api/account/two-factor: Settings' section and the admin gate (REQUIRE_ADMIN_2FA) read it.
 * The gate is on the first load: the contract is imported for its types only, and its schema in
 * development only, which keeps zod off it (as lib/unread-counts.ts does).
 */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['account', 'two-factor'] as const,
  queryFn: async ({ signal }): Promise<RouteAnswer<StatusRoute>> => {
    const schema = import.meta.env.DEV ? (await import('@common/account/two-factor-contract')).twoFactorContracts.status.response : undefined;
    const path: StatusRoute['path'] = '/api/account/two-factor';
    return apiFetch(path, { schema, signal });
  },
  staleTime: 0,
});
