import type { ZodType } from 'zod';
import { apiErrorSchema } from '@common/shared/api';
import { apiFetch, ApiError, isApiError, type ApiFetchOptions } from './api';

/**
 * Calls to file storage (spec section 7): retried on 5xx, 408 and 429 — and on network
 * failures, which are just as passing — with a delay that doubles from 1 s up to 64 s, until
 * a deadline of 2 minutes for an operation or 10 minutes for an upload. A longer
 * Retry-After from the server is honoured, within the same cap. Anything else (a 4xx that
 * will not change on retry, an abort) fails at once.
 */
export const RETRY_POLICY = {
  initialDelayMs: 1_000,
  maxDelayMs: 64_000,
  operationDeadlineMs: 2 * 60_000,
  uploadDeadlineMs: 10 * 60_000,
} as const;

/** The clock and sleep the retry loop uses; tests pass fake ones. */
export interface RetryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A failed transfer; `retryAfterMs` is the server's Retry-After, when it sent one. */
export class TransferError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(status, code, message);
    this.name = 'TransferError';
  }
}

/** Status 0 stands for "no answer" (network failure). */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export function isRetryable(error: unknown): boolean {
  return isApiError(error) && isRetryableStatus(error.status);
}

/** 1 s, 2 s, 4 s … 64 s, 64 s … for attempts 0, 1, 2 … */
export function backoffDelay(attempt: number): number {
  return Math.min(RETRY_POLICY.initialDelayMs * 2 ** Math.min(attempt, 30), RETRY_POLICY.maxDelayMs);
}

/** Seconds or an HTTP date, as milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RetryOptions {
  deadlineMs: number;
  clock?: RetryClock;
  signal?: AbortSignal;
  /** Told before each wait: which attempt failed and how long until the next. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ApiError }) => void;
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the next try would start after
 * the deadline (counted from the first try); then the last error is thrown.
 */
export async function withRetry<T>(attempt: (n: number, deadline: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const clock = options.clock ?? realClock;
  const deadline = clock.now() + options.deadlineMs;
  for (let n = 0; ; n++) {
    try {
      return await attempt(n, deadline);
    } catch (error) {
      if (options.signal?.aborted || !isRetryable(error)) throw error;
      const apiError = error as ApiError;
      const retryAfter = error instanceof TransferError ? error.retryAfterMs : null;
      const delayMs = Math.min(Math.max(backoffDelay(n), retryAfter ?? 0), RETRY_POLICY.maxDelayMs);
      if (clock.now() + delayMs >= deadline) throw error;
      options.onRetry?.({ attempt: n, delayMs, error: apiError });
      await clock.sleep(delayMs, options.signal);
    }
  }
}

/** An API call with the operation deadline (2 minutes), e.g. removing a stored file. */
export function fetchWithRetry<T>(path: string, options: ApiFetchOptions<T>, retry: Omit<RetryOptions, 'deadlineMs'> = {}): Promise<T> {
  return withRetry(() => apiFetch(path, options), { ...retry, deadlineMs: RETRY_POLICY.operationDeadlineMs });
}

export interface Progress {
  loaded: number;
  total: number;
}

/** The part of XMLHttpRequest a transfer uses, so tests can stand in for it. */
export type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'abort' | 'setRequestHeader' | 'getResponseHeader' | 'status' | 'responseText' | 'timeout'
> & {
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
};

export interface SendOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** Gives up on this one request after this many milliseconds. */
  timeoutMs?: number;
  createXhr?: () => XhrLike;
  now?: () => number;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

function failureOf(xhr: XhrLike, now: number): TransferError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  const retryAfter = parseRetryAfter(xhr.getResponseHeader('retry-after'), now);
  return parsed.success
    ? new TransferError(xhr.status, parsed.data.error.code, parsed.data.error.message, retryAfter)
    : new TransferError(xhr.status, 'http_error', `Request failed (${xhr.status}). Please try again.`, retryAfter);
}

/** One POST of a form with XMLHttpRequest, for its upload progress events; resolves with the JSON answer. */
export function sendForm(url: string, form: FormData, options: SendOptions = {}): Promise<unknown> {
  const now = options.now ?? Date.now;
  return new Promise((resolve, reject) => {
    const xhr = options.createXhr ? options.createXhr() : (new XMLHttpRequest() as XhrLike);
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.timeoutMs !== undefined) xhr.timeout = Math.max(1, Math.round(options.timeoutMs));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) return reject(failureOf(xhr, now()));
      try {
        resolve(JSON.parse(xhr.responseText) as unknown);
      } catch {
        reject(new TransferError(xhr.status, 'invalid_response', 'The server sent an unexpected response. Please try again.'));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TransferError(0, 'network_error', NETWORK_MESSAGE));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TransferError(0, 'timeout', 'The upload took too long. Please try again.'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (options.signal?.aborted) return xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

export interface UploadOptions<T> extends Omit<SendOptions, 'timeoutMs'> {
  schema: ZodType<T>;
  /** The multipart field; the server reads `file`. */
  field?: string;
  clock?: RetryClock;
  onRetry?: RetryOptions['onRetry'];
}

/** Uploads a file as multipart/form-data with progress, retrying within the 10-minute upload deadline. */
export async function uploadFile<T>(url: string, file: File, options: UploadOptions<T>): Promise<T> {
  const clock = options.clock ?? realClock;
  const json = await withRetry(
    (_, deadline) => {
      const form = new FormData();
      form.append(options.field ?? 'file', file, file.name);
      options.onProgress?.({ loaded: 0, total: file.size });
      return sendForm(url, form, { ...options, timeoutMs: deadline - clock.now(), now: () => clock.now() });
    },
    { deadlineMs: RETRY_POLICY.uploadDeadlineMs, clock, signal: options.signal, onRetry: options.onRetry },
  );
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(200, 'invalid_response', 'The server sent an unexpected response. Please try again.');
  return parsed.data;
}
