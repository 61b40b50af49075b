import type { ZodType } from 'zod';
import { buildPath, type LooseAddress, type RouteAnswer, type RouteContract, type RouteInput } from '@common/contracts/define';
import { apiFetch } from './api';

/*
 * Kept out of api.ts, which the first load carries: the address builder is only needed by
 * screens (docs/decisions/0022-small-first-load.md).
 */

/**
 * Calls a route by its contract (common/contracts/): the address from its path and the given
 * parameters and query, the method and body it declares, and its answer typed by its response
 * schema (and checked by it in development).
 */
export function callRoute<C extends RouteContract>(route: C, input: RouteInput<C> & { signal?: AbortSignal }): Promise<RouteAnswer<C>> {
  const { body, signal } = input;
  // TypeScript cannot follow a generic contract through these: RouteInput<C> holds exactly the
  // params and query its path and query schema name, and C['response'] yields RouteAnswer<C>.
  const path = buildPath(route, input as LooseAddress);
  // Checked in development only, as every response is (docs/decisions/0035).
  const schema = import.meta.env.DEV ? (route.response as ZodType<RouteAnswer<C>>) : undefined;
  return apiFetch(path, { method: route.method, body, signal, schema });
}
