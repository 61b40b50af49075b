import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '@common/shared/api';
import type { Logger } from '../logger';
import { isDatabaseUnavailable } from '../db/unavailable';

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

/** Seconds a client is asked to wait (Retry-After) while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_MESSAGE = 'Drabble is briefly unavailable. Please try again in a moment.';

/** The 503 the database's absence is answered with: the API's shape, and when to try again. */
export function unavailableResponse(c: Context, message = UNAVAILABLE_MESSAGE) {
  c.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  return errorResponse(c, 503, 'unavailable', message);
}

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json(errorBody(code, message), status);
}

/** What the client is told when the database refuses a value validation let through. Never the database's own text. */
export const DATABASE_REFUSALS = {
  duplicate: 'That already exists.',
  integrity: 'The request refers to something that does not exist, or leaves out something required.',
  value: 'The request contains a value that cannot be stored.',
  tooLong: 'A value in the request is too long.',
  tooLarge: 'The request is too large to store.',
} as const;

/** A driver error as the two databases raise it: PostgreSQL's SQLSTATE or SQLite's result code. */
interface DatabaseErrorCode {
  dialect: 'postgres' | 'sqlite';
  code: string;
}

function databaseErrorCode(err: unknown): DatabaseErrorCode | null {
  // Drivers' errors can arrive wrapped (an auth library's error with a cause): look a few levels down.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, severity, name } = e as { code?: unknown; severity?: unknown; name?: unknown };
    if (typeof code !== 'string') continue;
    // pg's DatabaseError: a five-character SQLSTATE and a severity (system errors like EPIPE have none).
    if (/^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return { dialect: 'postgres', code };
    if (name === 'SqliteError' && code.startsWith('SQLITE_')) return { dialect: 'sqlite', code };
  }
  return null;
}

/**
 * A database refusal of what the client sent, as a 4xx: an integrity or data error means the
 * request was wrong (and validation missed it), not that the server is broken. Returns null
 * for everything else (connection lost, syntax error, disk full…): those stay 500s.
 *
 * PostgreSQL: class 23 (integrity: 23505 unique → 409, the others 400), class 22 (data
 * exception: bad encoding, too long, out of range, bad text representation → 400), 54000
 * (a value beyond a program limit → 413). SQLite: SQLITE_CONSTRAINT_* (UNIQUE and
 * PRIMARYKEY → 409, the others 400), SQLITE_MISMATCH → 400, SQLITE_TOOBIG → 413.
 */
export function databaseRefusal(err: unknown): AppError | null {
  const found = databaseErrorCode(err);
  if (!found) return null;
  const { dialect, code } = found;
  if (dialect === 'postgres') {
    if (code === '23505') return conflict(DATABASE_REFUSALS.duplicate);
    if (code.startsWith('23')) return badRequest(DATABASE_REFUSALS.integrity);
    if (code === '22001') return badRequest(DATABASE_REFUSALS.tooLong);
    if (code.startsWith('22')) return badRequest(DATABASE_REFUSALS.value);
    if (code === '54000') return new AppError(413, 'payload_too_large', DATABASE_REFUSALS.tooLarge);
    return null;
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return conflict(DATABASE_REFUSALS.duplicate);
  if (code.startsWith('SQLITE_CONSTRAINT')) return badRequest(DATABASE_REFUSALS.integrity);
  if (code === 'SQLITE_MISMATCH') return badRequest(DATABASE_REFUSALS.value);
  if (code === 'SQLITE_TOOBIG') return new AppError(413, 'payload_too_large', DATABASE_REFUSALS.tooLarge);
  return null;
}

/**
 * The one error handler. `databaseTroubled` (db/unavailable.ts OutageWatch) is asked before
 * answering 500: an error that hides its cause (an auth library's "failed to get session")
 * while the database is out of reach is the database's absence, a 503, not a bug.
 */
export function createErrorHandler(logger: Logger, databaseTroubled: () => Promise<boolean> = async () => false) {
  return async (err: Error, c: Context) => {
    if (err instanceof AppError) return errorResponse(c, err.status, err.code, err.message);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthenticated' : 'bad_request';
      return errorResponse(c, status, code, err.message || 'Bad request.');
    }
    const refusal = databaseRefusal(err);
    if (refusal) {
      // A 4xx for the client, but a gap in validation for us: logged with the code only (the
      // database's message and detail can quote what was sent).
      logger.warn({ dbCode: databaseErrorCode(err)?.code, path: c.req.path, method: c.req.method }, 'database refused a request value');
      return errorResponse(c, refusal.status, refusal.code, refusal.message);
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug: the database is restarting, unreachable or locked. The client retries; the
      // cause is logged without the stack, once per request, at warn.
      logger.warn({ path: c.req.path, method: c.req.method, cause: err.message }, 'database unavailable: answered 503');
      return unavailableResponse(c);
    }
    if (await databaseTroubled()) {
      logger.warn({ path: c.req.path, method: c.req.method, cause: err.message }, 'database unavailable: answered 503');
      return unavailableResponse(c);
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return errorResponse(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  };
}
