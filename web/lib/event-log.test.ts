import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientLogSchema } from '@common/logs/client-log';
import { logEvent, setEventLogSignedIn } from './event-log';
import { reportClientError } from './report-error';

beforeEach(() => setEventLogSignedIn(true));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function sentBody(fetchMock: ReturnType<typeof vi.fn>): unknown {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

describe('logEvent', () => {
  it('posts the event as JSON, same-origin, surviving a page unload', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await logEvent({ type: 'theme_mode_changed', details: { from: 'light', to: 'dark-blue' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/logs', expect.objectContaining({ method: 'POST', credentials: 'same-origin', keepalive: true }));
    expect(sentBody(fetchMock)).toEqual({ type: 'theme_mode_changed', details: { from: 'light', to: 'dark-blue' } });
  });

  it('sends a network failure to the console and resolves', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(logEvent({ type: 'theme_picker' })).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('sends a refused write (rate limit, bad event) to the console and resolves', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 429 })));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(logEvent({ type: 'theme_picker' })).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('HTTP 429'));
  });
});

describe('logEvent for a signed-out visitor', () => {
  it('sends crash reports only: the server refuses a guest\'s other events', async () => {
    setEventLogSignedIn(false);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await logEvent({ type: 'theme_mode_changed', details: { from: 'light', to: 'dark-blue' } });
    expect(fetchMock).not.toHaveBeenCalled();
    reportClientError(new Error('guest crash'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(sentBody(fetchMock)).toMatchObject({ type: 'error_boundary', message: 'guest crash' });
  });
});

describe('reportClientError', () => {
  it('logs error_boundary with the message and stack, once per error', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const error = new Error('boom');
    reportClientError(error);
    reportClientError(error);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(sentBody(fetchMock)).toMatchObject({ type: 'error_boundary', level: 'error', message: 'boom', stack: expect.stringContaining('boom') });
  });

  it('keeps the stack within what the server accepts', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const error = new Error('deep');
    error.stack = 'x'.repeat(50_000);
    reportClientError(error);
    expect(clientLogSchema.safeParse(sentBody(fetchMock)).success).toBe(true);
  });
});
