import type { QueryClient } from '@tanstack/react-query';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Losing the database connection is not a bug of the request: the pool drops the dead connection
 * and opens a new one by itself, so the caller is told to retry (503 + Retry-After) instead of a 500.
 */
export const DB_UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
export const DB_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting (57P0x). */
const SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
/** Socket errors on the way to the database server. */
const SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What `pg` and its pool say when a connection died or none could be had in time. */
const MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|server closed the connection unexpectedly/i;

/** True when `err` (or an error it wraps, e.g. a tRPC or ORM error's `cause`) is a lost database connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATE.test(code) || SOCKET.has(code))) return true;
    if (typeof message === 'string' && MESSAGE.test(message)) return true;
  }
  return false;
}

/** Answers a lost database connection as 503 + Retry-After in the shop's format; false for any other error. */
export function answerDatabaseUnavailable(err: unknown, req: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'database unavailable');
  void reply.code(503).header('retry-after', String(DB_RETRY_AFTER_SECONDS)).send({ error: DB_UNAVAILABLE_MESSAGE });
  return true;
}

/** tRPC: a lost database connection becomes SERVICE_UNAVAILABLE (503) with the same text; null otherwise. */
export function trpcDatabaseUnavailable(err: unknown): TRPCError | null {
  return isDatabaseUnavailable(err) ? new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DB_UNAVAILABLE_MESSAGE, cause: err }) : null;
}

/** tRPC responseMeta: a 503 answer carries Retry-After like the other transports. */
export function trpcRetryAfter({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  return errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: { 'retry-after': String(DB_RETRY_AFTER_SECONDS) } } : {};
}

/** SSR: a page whose data could not be read because the database is gone is a 503, not a page of placeholders. */
export function throwIfDatabaseUnavailable(queryClient: QueryClient): void {
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((q) => q.state.status === 'error' && isDatabaseUnavailable(q.state.error));
  if (failed) throw failed.state.error;
}
