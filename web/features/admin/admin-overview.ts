import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../lib/api';

const adminOverviewSchema = z.object({ users: z.number().int().nonnegative() });

export const adminOverviewQueryOptions = queryOptions({
  queryKey: ['admin', 'overview'] as const,
  queryFn: () => apiFetch('/api/admin/overview', { schema: adminOverviewSchema }),
});
