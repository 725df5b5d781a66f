import { MSG } from '@obra/domain';

/** An error whose message is safe to show: it becomes the envelope's message. */
export class AppError extends Error {
  constructor(public readonly statusCode: number, message: string, public readonly data: unknown = null) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) => new AppError(400, message, data);
export const unauthorized = (message: string = MSG.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string = MSG.conflict) => new AppError(409, message);
export const tooManyRequests = (message: string = MSG.tooManyAttempts) => new AppError(429, message);

/** PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const PG = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/** Socket errors of a database connection that was refused, reset or timed out. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** PostgreSQL: shutting down or starting up (57P01-57P03), too many connections (53300), connection exceptions (08xxx). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres pool and client messages when the server went away. */
const CONNECTION_MESSAGE = /timeout exceeded when trying to connect|connection terminated|connection timeout|not queryable|Connection refused|PGlite is closed/i;

/**
 * Whether a failure means the database cannot be reached right now (an outage, not a bug):
 * the request answers 503 and may be retried. Looks through drizzle's and pg's wrapping.
 */
export function isConnectionError(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
    // An address with several IPs (localhost) fails with an AggregateError of ECONNREFUSED.
    if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x))) return true;
  }
  return false;
}
