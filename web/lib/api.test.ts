import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { ApiError, apiFetch, isClientError } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiFetch', () => {
  it('sends JSON same-origin and validates the answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { users: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiFetch('/api/x', { method: 'POST', body: { a: 1 }, schema: z.object({ users: z.number() }) });
    expect(result).toEqual({ users: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({
      method: 'POST',
      body: '{"a":1}',
      credentials: 'same-origin',
    }));
  });

  it("asks for a preloaded answer exactly as index.html's preload did, without the Accept header", async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => jsonResponse(200, { users: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/me', { schema: z.object({ users: z.number() }), preloaded: true });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: {}, credentials: 'same-origin' });
    await apiFetch('/api/x');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ headers: { Accept: 'application/json' } });
  });

  it('turns the error shape into an ApiError with status, code and message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { error: { code: 'wrong_password', message: 'Wrong password.' } })));
    const failure = await apiFetch('/api/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'wrong_password', message: 'Wrong password.' });
  });

  it('turns every 429 into the one "too often" message, whatever the body said', async () => {
    expect(ACCOUNT_TEXTS.tooOften).toBe("You're doing that too often. Try again in a minute.");
    const answers = [
      () => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } }),
      () => new Response('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain' } }),
      () => new Response(JSON.stringify({ error: { code: 'something_else', message: 'Other words.' } }), { status: 429, headers: { 'Content-Type': 'application/json' } }),
    ];
    for (const answer of answers) {
      vi.stubGlobal('fetch', vi.fn(async () => answer()));
      const failure = await apiFetch('/api/stories', { method: 'POST', body: { title: 'Kept' } }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 429, code: 'rate_limited', message: ACCOUNT_TEXTS.tooOften });
      // A 4xx: queries do not retry it.
      expect(isClientError(failure)).toBe(true);
    }
  });

  it('reports a body that does not match the schema', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { users: 'many' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiFetch('/api/x', { schema: z.object({ users: z.number() }) })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('treats a non-JSON page (an HTML fallback) as an invalid response', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
