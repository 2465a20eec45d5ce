import type { Duplex } from 'node:stream';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_STATUS, MESSAGES } from '../../shared/errors.ts';
import { AppError, isAppError } from '../../src/errors.ts';
import { answerDatabaseUnavailable } from './db-unavailable.ts';

/**
 * The one place where errors become answers. Every response the server refuses with reads
 * `{ error: '<Portuguese>' }` (plus `code` for the spec's user errors), whoever raised it: our
 * services, zod, Fastify (bad JSON, body too large, unsupported type, unknown route), the
 * multipart parser, Node's HTTP parser (clientErrorResponse) or PostgreSQL refusing a value.
 * tRPC answers keep tRPC's envelope with the same Portuguese words (trpcErrorBody, and the
 * error formatter in trpc/trpc.ts). 5xx answers never carry internal text.
 */

/** The shop's words for a status when nothing more precise is known. */
const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  408: MESSAGES.requestTimeout,
  409: MESSAGES.conflict,
  411: MESSAGES.lengthRequired,
  412: MESSAGES.preconditionFailed,
  413: MESSAGES.payloadTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyAttempts,
  431: MESSAGES.headersTooLarge,
  499: MESSAGES.requestCancelled,
  501: MESSAGES.notImplemented,
  503: MESSAGES.unavailable,
};

export const statusMessage = (status: number): string =>
  STATUS_MESSAGES[status] ?? (status >= 500 ? MESSAGES.internal : MESSAGES.badRequest);

/** Fastify refusals with words more precise than their status. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_BAD_URL: MESSAGES.badUrl,
};

/**
 * PostgreSQL refusing a value the request carried: text it cannot encode or store (a NUL byte makes
 * the driver's message malformed, 08P01; invalid UTF-8, 22021; a character without equivalent,
 * 22P05; `null character not permitted`, 54000), a number out of its column's range (22003) or a
 * string too long for it (22001). The contracts refuse these first (shared/text-rules.ts); this is
 * the defence behind them, so such a value answers 400, never 500.
 */
export function databaseInputError(err: unknown): AppError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '08P01' || code === '22021' || code === '22P05' || (code === '54000' && /null character/i.test(message))) {
    return new AppError('BAD_REQUEST', MESSAGES.invalidCharacters);
  }
  if (code === '22003' || code === '22001') return new AppError('BAD_REQUEST', MESSAGES.badRequest);
  return null;
}

/** Maps any thrown error to `{ error }` (+ `code`); 5xx answers never carry internal text. */
export function errorBody(err: unknown): { status: number; body: { error: string; code?: string } } {
  const known = isAppError(err) ? err : databaseInputError(err);
  if (known) {
    const body: { error: string; code?: string } = { error: known.message };
    if (known.code) body.code = known.code;
    return { status: ERROR_STATUS[known.kind], body };
  }
  const fe = err as FastifyError;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) return { status, body: { error: FASTIFY_MESSAGES[fe.code] ?? statusMessage(status) } };
  return { status: 500, body: { error: MESSAGES.internal } };
}

/** tRPC's code for an HTTP status, as its own errors carry it. */
const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** A refusal on a /trpc URL made before tRPC runs, in tRPC's envelope so its client reads it like any other. */
export function trpcErrorBody(status: number, message = statusMessage(status)) {
  const key = TRPC_CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return { error: { message, code: TRPC_ERROR_CODES_BY_KEY[key], data: { code: key, httpStatus: status } } };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a broken request
 * line): answered in the shop's format, then the connection is closed as Node would.
 */
export function clientErrorResponse(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy(err);
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? 431 : timeout ? 408 : 400;
  const text = tooLarge ? 'Request Header Fields Too Large' : timeout ? 'Request Timeout' : 'Bad Request';
  const body = JSON.stringify({ error: statusMessage(status) });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Logs a refusal once: 5xx with the error and its stack, 4xx as one line. */
export function logRefusal(log: FastifyInstance['log'], status: number, err: unknown): void {
  if (status >= 500) log.error({ err }, 'request failed');
  else log.info({ status, msg: (err as Error)?.message }, 'request refused');
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: MESSAGES.notFound }));
    app.setErrorHandler((err, req, reply) => {
      if (answerDatabaseUnavailable(err, req, reply)) return reply;
      const { status, body } = errorBody(err);
      logRefusal(req.log, status, err);
      return reply.code(status).send(body);
    });
  },
  { name: 'errors' },
);
