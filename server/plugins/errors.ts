import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_STATUS, MESSAGES } from '../../shared/errors.ts';
import { isAppError } from '../../src/errors.ts';

/** Maps any thrown error to `{ error }` (+ `code`); 5xx answers never carry internal text. */
export function errorBody(err: unknown): { status: number; body: { error: string; code?: string } } {
  if (isAppError(err)) {
    const body: { error: string; code?: string } = { error: err.message };
    if (err.code) body.code = err.code;
    return { status: ERROR_STATUS[err.kind], body };
  }
  const fe = err as FastifyError;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 413
        ? 'Arquivo ou requisição grande demais'
        : status === 415
          ? 'Tipo de conteúdo não suportado'
          : status === 404
            ? MESSAGES.notFound
            : status === 405
              ? MESSAGES.methodNotAllowed
              : status === 431
                ? MESSAGES.headersTooLarge
                : MESSAGES.badRequest;
    return { status, body: { error: message } };
  }
  return { status: 500, body: { error: MESSAGES.internal } };
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
  const body = JSON.stringify({ error: tooLarge ? MESSAGES.headersTooLarge : timeout ? MESSAGES.requestTimeout : MESSAGES.badRequest });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: MESSAGES.notFound }));
    app.setErrorHandler((err, req, reply) => {
      const { status, body } = errorBody(err);
      if (status >= 500) req.log.error({ err }, 'request failed');
      else req.log.info({ status, msg: (err as Error).message }, 'request refused');
      return reply.code(status).send(body);
    });
  },
  { name: 'errors' },
);
