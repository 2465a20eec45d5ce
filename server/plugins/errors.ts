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
      status === 413 ? 'Arquivo ou requisição grande demais' : status === 415 ? 'Tipo de conteúdo não suportado' : MESSAGES.badRequest;
    return { status, body: { error: message } };
  }
  return { status: 500, body: { error: MESSAGES.internal } };
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
