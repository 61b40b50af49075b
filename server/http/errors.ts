import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '@common/api';
import type { Logger } from '../logger';

/** The one error type services throw; `errorHandler` turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | (string & {}),
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode | (string & {}) = 'bad_request') => new AppError(400, code, message);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json(errorBody(code, message), status);
}

export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) return errorResponse(c, err.status, err.code, err.message);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthenticated' : 'bad_request';
      return errorResponse(c, status, code, err.message || 'Bad request.');
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return errorResponse(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  };
}
