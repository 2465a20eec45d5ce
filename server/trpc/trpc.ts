import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { type ErrorKind, MESSAGES } from '../../shared/errors.ts';
import type { AppContext, SessionUser } from '../../src/context.ts';
import { isAppError } from '../../src/errors.ts';

/** What every procedure receives: the domain context plus the HTTP pieces login/logout need. */
export type TrpcContext = {
  app: AppContext;
  http: { fastify: FastifyInstance; req: FastifyRequest; reply: FastifyReply } | null;
};

const CODE: Record<ErrorKind, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  STORE_LOCKED: 'FORBIDDEN',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** Every procedure declares who may call it; a test fails when one does not. */
export type ProcedureMeta = {
  policy: 'public' | 'admin';
  /** Takes a multipart FormData body (files); only these may send one. */
  upload?: boolean;
};

/** The input field an error is about (a zod issue's path or the service's own), for forms to show it in place. */
function fieldOf(cause: unknown): string | null {
  if (cause instanceof ZodError) return cause.issues[0]?.path.join('.') || null;
  return isAppError(cause) ? (cause.field ?? null) : null;
}

/** What a client may read of an error: our own texts, zod's (Portuguese) ones, else a generic one. */
function publicMessage(code: TRPCError['code'], cause: unknown, message: string): string {
  if (cause instanceof ZodError) return cause.issues[0]?.message ?? MESSAGES.requestFailed;
  if (isAppError(cause)) return message;
  // tRPC's own refusals (unknown procedure, wrong method) are in English: answer in the shop's words.
  if (code === 'NOT_FOUND') return MESSAGES.notFound;
  if (code === 'METHOD_NOT_SUPPORTED') return MESSAGES.methodNotAllowed;
  if (!cause) return message;
  // Anything else (a malformed body, a parser's complaint) is not ours to show verbatim.
  return code === 'BAD_REQUEST' || code === 'PARSE_ERROR' ? MESSAGES.badRequest : message;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const message = internal ? MESSAGES.internal : publicMessage(error.code, cause, shape.message);
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          /** The spec's user error code (username_exists, wrong_password, ...), when there is one. */
          appCode: isAppError(cause) ? (cause.code ?? null) : null,
          storeLocked: isAppError(cause) && cause.kind === 'STORE_LOCKED',
          field: internal ? null : fieldOf(cause),
        },
      };
    },
  });

/** Domain errors become tRPC errors with the matching status; anything else stays internal. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: CODE[cause.kind], message: cause.message, cause });
  }
  return result;
});

/**
 * Each procedure call works on its own EntityManager fork: the calls of one batch run at the same
 * time, and a refused call must never leave changes that a sibling's flush would write.
 */
const ownUnitOfWork = t.middleware(({ ctx, next }) => next({ ctx: { ...ctx, app: { ...ctx.app, em: ctx.app.em.fork() } } }));

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.meta({ policy: 'public' }).use(mapAppErrors).use(ownUnitOfWork);

/** Procedures for signed-in administrators; `ctx.user` is non-null inside. */
export const adminProcedure = t.procedure
  .meta({ policy: 'admin' })
  .use(mapAppErrors)
  .use(ownUnitOfWork)
  .use(({ ctx, next }) => {
    const user = ctx.app.user;
    if (!user?.isAdmin) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });
    return next({ ctx: { ...ctx, user: user as SessionUser } });
  });

/** login/logout need the HTTP request to set cookies; createCaller without HTTP cannot call them. */
export function requireHttp(ctx: TrpcContext) {
  if (!ctx.http) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'HTTP context required' });
  return ctx.http;
}

/** Admin procedures that receive files as FormData (uploads of images or the reviews CSV). */
export const uploadProcedure = adminProcedure.meta({ policy: 'admin', upload: true });
