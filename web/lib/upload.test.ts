import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import {
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
  RETRY_POLICY,
  sendForm,
  TransferError,
  uploadFile,
  withRetry,
  type RetryClock,
  type XhrLike,
} from './upload';

/** A clock that only moves when the code under test sleeps. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  const clock: RetryClock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, elapsed: () => now - start };
}

const failing = (status: number) => new TransferError(status, 'x', `failed with ${status}`);

describe('retry policy', () => {
  it('doubles the delay from 1 s and caps it at 64 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000]);
  });

  it('retries 5xx, 408, 429 and network failures, nothing else', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(isRetryableStatus(status), String(status)).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 409, 413, 415, 422]) expect(isRetryableStatus(status), String(status)).toBe(false);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('5', 0)).toBe(5000);
    expect(parseRetryAfter(' 12 ', 0)).toBe(12000);
    expect(parseRetryAfter(new Date(90_000).toUTCString(), 30_000)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter(null, 0)).toBeNull();
  });
});

describe('withRetry', () => {
  it('retries passing failures with doubling waits, then returns the answer', async () => {
    const { clock, sleeps } = fakeClock();
    const attempt = vi.fn().mockRejectedValueOnce(failing(503)).mockRejectedValueOnce(failing(429)).mockRejectedValueOnce(failing(0)).mockResolvedValue('done');
    const onRetry = vi.fn();
    await expect(withRetry(attempt, { deadlineMs: RETRY_POLICY.operationDeadlineMs, clock, onRetry })).resolves.toBe('done');
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(onRetry.mock.calls.map(([info]) => [info.attempt, info.delayMs, info.error.status])).toEqual([[0, 1000, 503], [1, 2000, 429], [2, 4000, 0]]);
  });

  it('fails at once on an answer that will not change', async () => {
    const { clock, sleeps } = fakeClock();
    for (const status of [400, 401, 403, 413, 415, 422]) {
      const attempt = vi.fn().mockRejectedValue(new ApiError(status, 'x', 'no'));
      await expect(withRetry(attempt, { deadlineMs: 120_000, clock })).rejects.toMatchObject({ status });
      expect(attempt).toHaveBeenCalledTimes(1);
    }
    expect(sleeps).toEqual([]);
  });

  it('gives an operation up after 2 minutes', async () => {
    const { clock, sleeps, elapsed } = fakeClock();
    const attempt = vi.fn().mockRejectedValue(failing(503));
    await expect(withRetry(attempt, { deadlineMs: RETRY_POLICY.operationDeadlineMs, clock })).rejects.toMatchObject({ status: 503 });
    // Tries at 0, 1, 3, 7, 15, 31 and 63 s; the next would start at 127 s.
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(attempt).toHaveBeenCalledTimes(7);
    expect(elapsed()).toBeLessThan(RETRY_POLICY.operationDeadlineMs);
  });

  it('gives an upload up after 10 minutes, never waiting more than 64 s', async () => {
    const { clock, sleeps, elapsed } = fakeClock();
    const attempt = vi.fn().mockRejectedValue(failing(500));
    await expect(withRetry(attempt, { deadlineMs: RETRY_POLICY.uploadDeadlineMs, clock })).rejects.toMatchObject({ status: 500 });
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, ...Array<number>(8).fill(64000)]);
    expect(Math.max(...sleeps)).toBe(RETRY_POLICY.maxDelayMs);
    expect(elapsed()).toBe(575_000);
    expect(elapsed() + 64_000).toBeGreaterThanOrEqual(RETRY_POLICY.uploadDeadlineMs);
  });

  it('waits as long as Retry-After asks, within the 64 s cap', async () => {
    const { clock, sleeps } = fakeClock();
    const attempt = vi
      .fn()
      .mockRejectedValueOnce(new TransferError(429, 'rate_limited', 'slow down', 30_000))
      .mockRejectedValueOnce(new TransferError(503, 'unavailable', 'later', 500_000))
      .mockRejectedValueOnce(new TransferError(503, 'unavailable', 'later', 10))
      .mockResolvedValue('ok');
    await withRetry(attempt, { deadlineMs: RETRY_POLICY.uploadDeadlineMs, clock });
    expect(sleeps).toEqual([30_000, 64_000, 4000]);
  });

  it('stops when cancelled', async () => {
    const { clock } = fakeClock();
    const controller = new AbortController();
    const attempt = vi.fn().mockImplementation(() => {
      controller.abort(new DOMException('cancelled', 'AbortError'));
      return Promise.reject(failing(503));
    });
    await expect(withRetry(attempt, { deadlineMs: 120_000, clock, signal: controller.signal })).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  progress?: Array<[number, number]>;
  fail?: 'network' | 'timeout';
}

/** Stands in for XMLHttpRequest: answers each send with the next scripted reply. */
function fakeXhrFactory(replies: Reply[]) {
  const sent: Array<{ method: string; url: string; body: unknown; timeout: number }> = [];
  const create = (): XhrLike => {
    const xhr = {
      status: 0,
      responseText: '',
      timeout: 0,
      upload: { onprogress: null as ((event: ProgressEvent) => void) | null },
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      ontimeout: null as (() => void) | null,
      onabort: null as (() => void) | null,
      headers: {} as Record<string, string>,
      method: '',
      url: '',
      open(method: string, url: string | URL) {
        xhr.method = method;
        xhr.url = String(url);
      },
      setRequestHeader() {},
      getResponseHeader: (name: string) => xhr.headers[name.toLowerCase()] ?? null,
      abort() {
        xhr.onabort?.();
      },
      send(body?: unknown) {
        sent.push({ method: xhr.method, url: xhr.url, body, timeout: xhr.timeout });
        const reply = replies.shift() ?? { status: 500 };
        queueMicrotask(() => {
          for (const [loaded, total] of reply.progress ?? []) xhr.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
          if (reply.fail === 'network') return xhr.onerror?.();
          if (reply.fail === 'timeout') return xhr.ontimeout?.();
          xhr.status = reply.status;
          xhr.headers = reply.headers ?? {};
          xhr.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
          xhr.onload?.();
        });
      },
    };
    return xhr as unknown as XhrLike;
  };
  return { create, sent };
}

describe('sendForm', () => {
  it('reports upload progress and resolves with the JSON answer', async () => {
    const { create, sent } = fakeXhrFactory([{ status: 200, body: { ok: true }, progress: [[10, 100], [100, 100]] }]);
    const progress: number[] = [];
    const form = new FormData();
    await expect(sendForm('/api/up', form, { createXhr: create, onProgress: (p) => progress.push(p.loaded / p.total) })).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0.1, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/up', body: form });
  });

  it('turns an error answer into a TransferError with its code, message and Retry-After', async () => {
    const { create } = fakeXhrFactory([{ status: 429, body: { error: { code: 'rate_limited', message: 'Too many uploads.' } }, headers: { 'retry-after': '7' } }]);
    await expect(sendForm('/api/up', new FormData(), { createXhr: create, now: () => 0 })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many uploads.',
      retryAfterMs: 7000,
    });
  });

  it('reports a network failure or timeout as status 0', async () => {
    const { create } = fakeXhrFactory([{ status: 0, fail: 'network' }, { status: 0, fail: 'timeout' }]);
    await expect(sendForm('/api/up', new FormData(), { createXhr: create })).rejects.toMatchObject({ status: 0, code: 'network_error' });
    await expect(sendForm('/api/up', new FormData(), { createXhr: create })).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('survives an error page that is not JSON', async () => {
    const { create } = fakeXhrFactory([{ status: 502 }]);
    await expect(sendForm('/api/up', new FormData(), { createXhr: create })).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });
});

describe('uploadFile', () => {
  it('sends the file in the `file` field, retrying a 503 until it is stored', async () => {
    const { clock, sleeps } = fakeClock();
    const { create, sent } = fakeXhrFactory([
      { status: 503, body: { error: { code: 'unavailable', message: 'Storage is down.' } } },
      { status: 200, body: { user: { uid: 'u1' } } },
    ]);
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const retries: number[] = [];
    const result = await uploadFile('/api/me/profile-image', file, {
      schema: z.object({ user: z.object({ uid: z.string() }) }),
      createXhr: create,
      clock,
      onRetry: ({ delayMs }) => retries.push(delayMs),
    });
    expect(result).toEqual({ user: { uid: 'u1' } });
    expect(sent).toHaveLength(2);
    expect((sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    // Each request may take at most what is left of the 10 minutes.
    expect(sent[0]!.timeout).toBe(RETRY_POLICY.uploadDeadlineMs);
    expect(sent[1]!.timeout).toBe(RETRY_POLICY.uploadDeadlineMs - 1000);
    expect(sleeps).toEqual([1000]);
    expect(retries).toEqual([1000]);
  });

  it('does not retry a refused image', async () => {
    const { clock } = fakeClock();
    const { create, sent } = fakeXhrFactory([{ status: 415, body: { error: { code: 'unsupported_image', message: 'Not an image.' } } }]);
    const file = new File(['text'], 'fake.png', { type: 'image/png' });
    await expect(uploadFile('/api/me/profile-image', file, { schema: z.unknown(), createXhr: create, clock })).rejects.toMatchObject({ status: 415, message: 'Not an image.' });
    expect(sent).toHaveLength(1);
  });
});
