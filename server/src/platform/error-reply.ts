import type { Socket } from 'node:net';
import { MSG } from '@obra/domain';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.ts';
import { AppError, isConnectionError, pgErrorCode } from './errors.ts';

/** Every error reply of the server, Fastify's own included, is the envelope with a Spanish message. */
export const HTTP_MESSAGES: Record<number, string> = {
  400: MSG.badRequest,
  401: MSG.unauthenticated,
  403: MSG.forbidden,
  404: MSG.notFound,
  405: 'Método no permitido',
  406: 'Formato de respuesta no soportado',
  408: 'La solicitud tardó demasiado, intente nuevamente',
  413: 'El contenido enviado supera el tamaño permitido',
  414: 'La dirección solicitada es demasiado larga',
  415: 'Tipo de contenido no soportado',
  429: MSG.tooManyAttempts,
  431: 'Las cabeceras de la solicitud son demasiado grandes',
};

export const UNAVAILABLE = 'Servicio no disponible temporalmente, intente nuevamente en unos segundos';
/** Seconds a client should wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
/** A value the database refused (too large for its column, or a text it cannot store). */
export const OUT_OF_RANGE = 'Un valor enviado no es válido o está fuera del rango permitido';

/** Data exceptions (class 22: numeric overflow, text too long, invalid text) come from input a schema let through. */
const isDataException = (err: unknown) => pgErrorCode(err)?.startsWith('22') ?? false;

export interface ErrorReply {
  status: number;
  message: string;
  data: unknown;
  /** How the error is logged: a bug at error, an outage at warn, a refusal at info. */
  level: 'error' | 'warn' | 'info';
}

export function errorReply(error: FastifyError | AppError | Error): ErrorReply {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message, data: error.data, level: error.statusCode >= 500 ? 'error' : 'info' };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message || MSG.badRequest, data: null, level: 'info' };
  }
  const code = (error as FastifyError).statusCode;
  if (code === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, message: MSG.fileTooLarge, data: null, level: 'info' };
  }
  // Before the outage check: a client that hangs up mid-body is a 400 carrying ECONNRESET.
  if (code && code >= 400 && code < 500) return { status: code, message: HTTP_MESSAGES[code] ?? MSG.badRequest, data: null, level: 'info' };
  if (isConnectionError(error)) return { status: 503, message: UNAVAILABLE, data: null, level: 'warn' };
  if (isDataException(error)) return { status: 400, message: OUT_OF_RANGE, data: null, level: 'warn' };
  return { status: 500, message: MSG.internal, data: null, level: 'error' };
}

/** The error handler of every route, and of Fastify's own refusals (bad URL, over-long parameter). */
export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const r = errorReply(error);
  if (r.level === 'error') request.log.error({ err: error }, 'error no controlado');
  else if (r.level === 'warn') request.log.warn({ status: r.status, err: { message: error.message, code: pgErrorCode(error) ?? (error as FastifyError).code } }, r.message);
  else request.log.info({ status: r.status, motivo: r.message }, 'solicitud rechazada');
  if (r.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(r.status).send(fail(r.message, r.data));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed request line,
 * headers too large, timeouts): answered in the envelope too, then the socket is closed.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(fail(HTTP_MESSAGES[status]));
  this.log.debug({ err: { message: err.message, code: err.code } }, 'solicitud HTTP malformada');
  socket.end(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 408 ? 'Request Timeout' : 'Request Header Fields Too Large'}\r\n`
    + `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
