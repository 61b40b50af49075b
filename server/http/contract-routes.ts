import type { Context, Hono, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { z } from 'zod';
import type { RouteContract, RouteReply } from '@common/contracts/define';
import { madeOnFirstUse } from '@common/shared/made-on-first-use';
import type { AppEnv, SignedInEnv } from '../context';
import { requireUser } from '../auth/session';
import { EncodedJson, sendJson } from './encoded-json';
import { notFound } from './errors';
import { parseWith, readJson } from './validate';

/*
 * Registers Hono routes from the contracts in common/contracts/ (docs/decisions/0037-typed-route-contracts.md):
 * the route's path parameters, query and body are checked with the contract's schemas before
 * the handler runs, and the handler's answer must be what the response schema accepts.
 */

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the request's parts, each parsed by its schema (undefined where the contract has none). */
export interface RouteRequest<C extends RouteContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
}

/** A handler's answer: nothing for a 204, else the response (or the response already encoded). */
export type RouteResult<C extends RouteContract> = C['status'] extends 204 ? void : RouteReply<C> | EncodedJson<RouteReply<C>>;

export type RouteHandler<C extends RouteContract, E extends AppEnv | SignedInEnv> = (request: RouteRequest<C>, c: Context<E>) => Promise<RouteResult<C>>;

/** The first issue's message of a path parameter that fails: the not-found sentence of what it names. */
export function parseParams(contract: RouteContract, raw: Record<string, string>): unknown {
  if (!contract.params) return undefined;
  const parsed = contract.params.safeParse(raw);
  if (!parsed.success) throw notFound(parsed.error.issues[0]?.message);
  return parsed.data;
}

/**
 * The JSON body. Where the body schema accepts `undefined` the body may be left out: an empty
 * or blank one is then `undefined`, not malformed JSON (the story restore's optional `{ timezone }`).
 */
async function readBody(c: Context, schema: z.ZodType, optional: boolean): Promise<unknown> {
  // Hono keeps the text: readJson parses it without reading the stream again.
  if (optional && (await c.req.text()).trim() === '') return parseWith(schema, undefined);
  return readJson(c, schema);
}

/**
 * Reads the request's parts in the order the answers were always given: an id that names
 * nothing (404) before a bad query or body (400).
 */
async function readRequest<C extends RouteContract>(contract: C, c: Context, emptyQuery: () => unknown, bodyOptional: boolean): Promise<RouteRequest<C>> {
  const params = parseParams(contract, c.req.param());
  // Most lists are asked for without parameters (the shared community page): that answer is parsed once.
  const query = contract.query && (c.req.url.includes('?') ? parseWith(contract.query, c.req.query()) : emptyQuery());
  const body = contract.body && (await readBody(c, contract.body, bodyOptional));
  // Each part was parsed by the very schema its type names.
  return { params, query, body } as RouteRequest<C>;
}

/** The path to register on a router mounted at `base`. */
function pathUnder(base: string, contract: RouteContract): string {
  if (!contract.path.startsWith(base)) throw new Error(`${contract.method} ${contract.path} is not under ${base}`);
  return contract.path.slice(base.length) || '/';
}

/** Sends a handler's answer with the contract's status. */
function reply<C extends RouteContract>(contract: C, c: Context, result: RouteResult<C>): Response {
  const status = contract.status ?? 200;
  if (status === 204) return c.body(null, 204);
  if (result instanceof EncodedJson) return sendJson(c, result, status);
  return c.json(result, status);
}

/**
 * The contract routes of a router mounted at `base`. Middleware listed in `before` runs after
 * the session check (signed-in routes) and before the request is read, as in a plain Hono route.
 */
export function contractRoutes(app: Hono<AppEnv>, base: string) {
  /** Reads a route's request; its query parsed once for requests without a query string. */
  function requestReader<C extends RouteContract>(contract: C) {
    const parseEmptyQuery = madeOnFirstUse((): unknown => (contract.query ? parseWith(contract.query, {}) : undefined));
    const bodyOptional = contract.body?.safeParse(undefined).success ?? false;
    return (c: Context) => readRequest(contract, c, parseEmptyQuery, bodyOptional);
  }

  return {
    /** A route guests may call too (its contract says `access: 'guest'`). */
    open<C extends RouteContract & { access: 'guest' }>(contract: C, before: MiddlewareHandler<AppEnv>[], handler: RouteHandler<C, AppEnv>): void {
      const read = requestReader(contract);
      app.on(contract.method, pathUnder(base, contract), every(...before), async (c) => reply(contract, c, await handler(await read(c), c)));
    },
    /**
     * A route that needs a session (401 for a guest, before anything else); the handler sees the
     * signed-in user. An admin route (`access: 'admin'`) lists its policy's guard in `before`.
     */
    signedIn<C extends RouteContract & { access: 'signedIn' | 'admin' }>(contract: C, before: MiddlewareHandler<AppEnv>[], handler: RouteHandler<C, SignedInEnv>): void {
      const read = requestReader(contract);
      app.on(contract.method, pathUnder(base, contract), requireUser, every(...before), async (c) => reply(contract, c, await handler(await read(c), c)));
    },
  };
}
