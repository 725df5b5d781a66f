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
