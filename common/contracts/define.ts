import type { z } from 'zod';

/*
 * Typed route contracts (docs/decisions/0037-typed-route-contracts.md): one object per API
 * route names its method, its whole path and the schemas of its parameters, query, body and
 * answer. The server registers the route from it (server/http/contract-routes.ts) and the web
 * calls it through it (web/lib/call-route.ts), so a field renamed in a schema fails the
 * typecheck on both sides. zod is imported for types only: this module stays off the first load.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of a path's `:name` segments: '/api/a/:id/b/:bId' → 'id' | 'bId'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a route's path parameters must parse into: one string per `:name`, no more, no fewer. */
type ParamsSchema<Path extends string> = z.ZodType<Record<PathParamNames<Path>, string>, Record<PathParamNames<Path>, string>>;

/**
 * Who may call a route at all, before any finer rule: anyone (`guest`), a signed-in person
 * (`signedIn`, 401 for a guest), or an admin (`admin`: 401 for a guest, 403 for anyone else).
 * The server registers a route by it, and a test calls every route as each kind of caller. What
 * a caller may do to a given thing (their own story, a conversation they are in) is then the
 * feature's policy, answered inside the route.
 */
export type RouteAccess = 'guest' | 'signedIn' | 'admin';

export interface RouteContract<Path extends string = string> {
  access: RouteAccess;
  method: HttpMethod;
  /** The whole path under the origin, with `:name` for each parameter. */
  path: Path;
  /**
   * Present exactly when the path has parameters. A value that fails it names nothing: the
   * server answers 404 with the schema's message (say the not-found sentence there).
   */
  params?: ParamsSchema<Path>;
  /** The query string, each parameter's first value (a failure is a 400). */
  query?: z.ZodType;
  /** The JSON body (a failure is a 400). A schema that accepts `undefined` lets the body be left out. */
  body?: z.ZodType;
  /** The success answer's JSON; `z.undefined()` with status 204 for an empty one. */
  response: z.ZodType;
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 204;
}

/** A path without parameters needs no params schema; one with them must have one. */
type ParamsRule<C extends RouteContract> = [PathParamNames<C['path']>] extends [never] ? { params?: never } : { params: ParamsSchema<C['path']> };

/** Declares a route: the type keeps every literal (method, path, schemas) for both sides. */
export function defineRoute<const C extends RouteContract>(route: C & ParamsRule<C>): C {
  return route;
}

/** The path parameters a caller gives: one string per `:name` of the path. */
export type RouteParams<C extends RouteContract> = Record<PathParamNames<C['path']>, string>;

/** One query parameter as a caller gives it; undefined and '' are left out of the address. */
export type QueryValue = string | number | undefined;

/** The query parameters a caller may give: the query schema's own names. */
export type RouteQuery<C extends RouteContract> = C extends { query: infer Q extends z.ZodType } ? { [K in keyof z.output<Q>]?: QueryValue } : never;

/** The body a caller sends: what the body schema accepts. */
export type RouteBody<C extends RouteContract> = C extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** What the caller receives: the response schema's output. */
export type RouteAnswer<C extends RouteContract> = z.output<C['response']>;

/** What the server's handler must produce: anything the response schema accepts. */
export type RouteReply<C extends RouteContract> = z.input<C['response']>;

/** What a call to the route is given besides the contract: only the parts the route has. */
export type RouteInput<C extends RouteContract> = ([PathParamNames<C['path']>] extends [never] ? { params?: never } : { params: RouteParams<C> }) &
  (C extends { query: z.ZodType } ? { query?: RouteQuery<C> } : { query?: never }) &
  (C extends { body: z.ZodType } ? { body: RouteBody<C> } : { body?: never });

/** An address with its query string; undefined and empty values are left out. */
export function withSearchParams(path: string, params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The parts of a call that make its address. */
export type RouteAddress<C extends RouteContract> = Pick<RouteInput<C>, 'params' | 'query'>;

/** An address's parts as the path builder reads them, whatever the route. */
export interface LooseAddress {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, QueryValue>>;
}

/**
 * The address of a call: each `:name` replaced by its value, percent-encoded, and the query
 * string. A missing parameter is a mistake the typecheck already refuses; at run time it throws.
 */
export function routePath<C extends RouteContract>(route: C, address: RouteAddress<C>): string;
/** A route without path parameters may be called with no address at all. */
export function routePath<C extends RouteContract & { params?: never }>(route: C): string;
export function routePath(route: RouteContract, address: LooseAddress = {}): string {
  return buildPath(route, address);
}

/** routePath without the per-route types, for generic callers (web/lib/call-route.ts) that checked them already. */
export function buildPath(route: RouteContract, address: LooseAddress): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = address.params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return withSearchParams(path, address.query ?? {});
}
