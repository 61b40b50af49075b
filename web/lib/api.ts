import type { ZodType } from 'zod';
import { TOO_OFTEN } from '@common/shared/too-often';
import type { ApiErrorBody } from '@common/shared/api';

/** A failed API call: the server's `{"error":{"code","message"}}`, or a local stand-in. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A 429's own sentence from the server (e.g. the same-message limit); `message` stays ACCOUNT_TEXTS.tooOften (TOO_OFTEN). */
  readonly serverMessage: string | null;

  constructor(status: number, code: string, message: string, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface BaseOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The GET index.html starts with `<link rel="preload" as="fetch" crossorigin>` (GET /api/me):
   * sent without the Accept header, as the preload was, so the browser hands over the
   * preloaded answer instead of asking again.
   */
  preloaded?: boolean;
}

export interface ApiFetchOptions<T> extends BaseOptions {
  /**
   * Types the success body (without it the caller receives `unknown`) and checks it in
   * development and tests. A production build trusts the typed answer: the server's output is
   * typed by the same schemas, and leaving the check out keeps zod off the first load. Every
   * call passes `import.meta.env.DEV ? schema : undefined`: a production build then reads no
   * response schema, and leaves out its construction (build/pure-schemas.ts) where nothing else
   * (a form's check, a live event's) reads it. Modules of the entry import theirs in
   * development only (`(await import(…))`), so not even their module is loaded.
   */
  schema: ZodType<T> | undefined;
}

/** Whether responses are checked against their schemas: in development and in the tests, never in a production build. */
const CHECK_RESPONSES = import.meta.env.DEV;

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const INVALID_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again.';

export function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<T>;
export function apiFetch(path: string, options?: BaseOptions): Promise<unknown>;
export async function apiFetch<T>(path: string, options: Partial<ApiFetchOptions<T>> = {}): Promise<T | unknown> {
  const { method = 'GET', body, signal, schema, preloaded = false } = options;
  const headers: Record<string, string> = preloaded ? {} : { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return schema && CHECK_RESPONSES ? parseBody(schema, undefined, response.status) : undefined;

  const json = await readJson(response);
  if (json === NOT_JSON) throw new ApiError(response.status, 'invalid_response', INVALID_RESPONSE_MESSAGE);
  return schema && CHECK_RESPONSES ? parseBody(schema, json, response.status) : json;
}

const NOT_JSON = Symbol('not-json');

async function readJson(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return NOT_JSON;
  try {
    return (await response.json()) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * Every 429 reads the same to a person, whichever limit it hit: ACCOUNT_TEXTS.tooOften (TOO_OFTEN). Forms
 * show the failure beside what was typed and never clear it on error, so nothing is lost.
 */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const error = isApiErrorBody(body) ? body.error : null;
  if (response.status === 429) return new ApiError(429, 'rate_limited', TOO_OFTEN, error?.message ?? null);
  if (error) return new ApiError(response.status, error.code, error.message);
  return new ApiError(response.status, 'http_error', `Request failed (${response.status}). Please try again.`);
}

/**
 * The API's error shape (common/shared/api.ts apiErrorSchema), checked by hand: error answers can
 * come from elsewhere (a proxy's HTML page), in production too, and this runs on every page
 * without loading zod.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error && typeof error.message === 'string';
}

function parseBody<T>(schema: ZodType<T>, json: unknown, status: number): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error('Unexpected API response shape', parsed.error);
    throw new ApiError(status, 'invalid_response', INVALID_RESPONSE_MESSAGE);
  }
  return parsed.data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 4xx answers will not change on retry; network errors and 5xx might. */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
