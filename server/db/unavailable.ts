/**
 * Whether an error means "the database cannot be reached or is too busy right now", as
 * opposed to a refusal of what was sent (http/errors.ts `databaseRefusal`) or a bug. Such a
 * request is answered 503 with Retry-After (one error handler), a server started before its
 * database waits on it (db/wait.ts), and the metrics count it as `unavailable`.
 *
 * PostgreSQL: the network refused or dropped the connection (Node's system codes), the pool
 * gave up connecting in time, the server ended the connection (restart, crash) or is
 * starting, stopping or out of connections (SQLSTATE class 08, 57P01–57P03, 53300), or a
 * statement ran past its timeout (57014). SQLite: the file is locked by another process
 * past busy_timeout (SQLITE_BUSY*, SQLITE_LOCKED*).
 */

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** pg's own errors carry no code: these are its messages for a connection it lost or could not make in time. */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];

function unavailableHere(e: object): boolean {
  const { code, severity, name, message } = e as { code?: unknown; severity?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || PG_UNAVAILABLE.has(code);
    if (name === 'SqliteError') return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
  }
  return typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => message.startsWith(m));
}

export function isDatabaseUnavailable(err: unknown): boolean {
  // Errors arrive wrapped (an auth library's error with a cause) or grouped (Node's
  // AggregateError when every address of a host refused): look a few levels down.
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 4 || seen.has(e)) return false;
    seen.add(e);
    if (unavailableHere(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (visit(cause, depth + 1)) return true;
    return Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1));
  };
  return visit(err, 0);
}

/** After a failure that meant "unavailable", how long an error that hides its cause is taken for the same outage. */
const OUTAGE_GRACE_MS = 5000;

/**
 * Whether the database is in trouble now, for errors that hide their cause (better-auth
 * answers any failed query with its own "Failed to get session"): it failed as unavailable
 * moments ago (`noted` is told every failed statement and connection attempt), or it does not
 * answer a ping now. The first covers the instant it comes back, when the ping already answers.
 */
export class OutageWatch {
  private lastUnavailableAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly ping: () => Promise<unknown>) {}

  noted(err: unknown): void {
    if (isDatabaseUnavailable(err)) this.lastUnavailableAt = Date.now();
  }

  async troubled(): Promise<boolean> {
    if (Date.now() - this.lastUnavailableAt < OUTAGE_GRACE_MS) return true;
    return this.ping().then(
      () => false,
      () => true,
    );
  }
}
