import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';

/**
 * The public sign-in configuration (GET /api/auth-config): providers, password lengths, and
 * whether the server sends email. Apart from lib/sign-in.ts so the verification banner can ask
 * without loading zod: the schema is checked, and imported, in development only (lib/api.ts).
 */
export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'] as const,
  queryFn: async () => apiFetch('/api/auth-config', { schema: import.meta.env.DEV ? (await import('@common/shared/api')).authConfigSchema : undefined }),
  staleTime: Infinity,
});
