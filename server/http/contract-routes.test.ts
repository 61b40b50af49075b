import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@common/contracts/define';
import { conversationContracts } from '@common/messages/contract';
import { MESSAGE_NOT_FOUND } from '@common/messages/messages';
import type { AppEnv } from '../context';
import { contractRoutes, parseParams } from './contract-routes';
import { AppError } from './errors';

/** An app for a guest with `router` mounted at `base`, answering errors in the API's shape as server/app.ts does. */
function guestApp(base: string, router: Hono<AppEnv>) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('user', null);
    c.set('viewer', null);
    await next();
  });
  app.onError((error, c) => (error instanceof AppError ? c.json({ error: { code: error.code, message: error.message } }, error.status) : c.json({ error: { code: 'internal', message: error.message } }, 500)));
  app.route(base, router);
  return app;
}

const echo = defineRoute({
  access: 'guest',
  method: 'POST',
  path: '/api/things/:id',
  params: z.object({ id: z.string().regex(/^[a-z]+$/, 'Thing not found') }),
  query: z.object({ size: z.enum(['s', 'l']).default('s') }),
  body: z.object({ name: z.string() }).strict(),
  response: z.object({ id: z.string(), size: z.string(), name: z.string() }),
  status: 201,
});

describe('parseParams', () => {
  it('answers a path parameter that cannot be an id with 404 and the schema’s sentence', () => {
    const error = (() => {
      try {
        parseParams(conversationContracts.edit, { id: 'c1', messageId: 'not/an-id' });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: MESSAGE_NOT_FOUND });
    expect(parseParams(conversationContracts.edit, { id: 'c1', messageId: 'm2' })).toEqual({ id: 'c1', messageId: 'm2' });
    expect(parseParams(conversationContracts.list, {})).toBeUndefined();
  });
});

describe('contractRoutes', () => {
  const router = new Hono<AppEnv>();
  contractRoutes(router, '/api/things').open(echo, [], async ({ params, query, body }) => ({ id: params.id, size: query.size, name: body.name }));
  const app = guestApp('/api/things', router);
  const post = (path: string, body: string) => app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('hands the handler the parsed parts and answers with the contract’s status', async () => {
    const res = await post('/api/things/abc?size=l', '{"name":"n"}');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 'abc', size: 'l', name: 'n' });
    expect(await (await post('/api/things/abc', '{"name":"n"}')).json()).toEqual({ id: 'abc', size: 's', name: 'n' });
  });

  it('checks the id (404) before the query and the body (400)', async () => {
    const notFound = await post('/api/things/ABC?size=x', 'not json');
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ error: { code: 'not_found', message: 'Thing not found' } });
    const badQuery = await post('/api/things/abc?size=x', 'not json');
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    const badBody = await post('/api/things/abc', '{"name":"n","extra":1}');
    expect(badBody.status).toBe(400);
  });

  it('lets the body be left out where its schema accepts undefined, and no other', async () => {
    const optional = defineRoute({ access: 'guest', method: 'POST', path: '/api/things/optional', body: z.object({ name: z.string() }).strict().optional(), response: z.object({ name: z.string().nullable() }) });
    const routes = new Hono<AppEnv>();
    contractRoutes(routes, '/api/things').open(optional, [], async ({ body }) => ({ name: body?.name ?? null }));
    const optionalApp = guestApp('/api/things', routes);
    const send = (body?: string) => optionalApp.request('/api/things/optional', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await (await send()).json()).toEqual({ name: null });
    expect(await (await send(' \n')).json()).toEqual({ name: null });
    expect(await (await send('{"name":"n"}')).json()).toEqual({ name: 'n' });
    expect(((await (await send('{')).json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(((await (await send('{"extra":1}')).json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    const required = await post('/api/things/abc', '');
    expect(required.status).toBe(400);
    expect(((await required.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });

  it('refuses a contract whose path is not under the router’s prefix', () => {
    expect(() => contractRoutes(new Hono<AppEnv>(), '/api/other').open(echo, [], async () => ({ id: '', size: '', name: '' }))).toThrow('POST /api/things/:id is not under /api/other');
  });
});
