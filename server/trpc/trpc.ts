import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { type ErrorKind, MESSAGES } from '../../shared/errors.ts';
import type { AppContext, SessionUser } from '../../src/context.ts';
import { AppError, isAppError } from '../../src/errors.ts';
import { issueAppCode } from '../input/parse.ts';
import { isMultipartRequest, stageFormData } from '../input/staged-form.ts';
import { trpcDatabaseUnavailable } from '../plugins/db-unavailable.ts';
import { databaseInputError } from '../plugins/errors.ts';
import { sharedRead } from '../public-cache/shared-reads.ts';
import type { PublicCache } from '../public-cache/store.ts';
import { ANY, readTags, type Tag } from '../public-cache/tags.ts';

/** What every procedure receives: the domain context plus the HTTP pieces login/logout need. */
export type TrpcContext = {
  app: AppContext;
  http: { fastify: FastifyInstance; req: FastifyRequest; reply: FastifyReply } | null;
  /** While a public cache entry is built: the tags of what its procedures read (server/public-cache/tags.ts). */
  cacheTags?: Set<Tag> | null;
  /** The app's public cache: input-less public reads are shared through it while the store is open (shared-reads.ts). */
  publicCache?: PublicCache | null;
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
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** Every procedure declares who may call it; a test fails when one does not. */
export type ProcedureMeta = {
  policy: 'public' | 'admin';
  /** Takes a multipart FormData body (files); only these may send one. */
  upload?: boolean;
  /**
   * A public read whose answer depends only on its input and the store lock: GET batches made
   * only of these are answered from the public cache (server/public-cache/trpc-reads.ts).
   */
  cached?: boolean;
};

/** The input field an error is about (a zod issue's path or the service's own), for forms to show it in place. */
function fieldOf(cause: unknown): string | null {
  if (cause instanceof ZodError) return cause.issues[0]?.path.join('.') || null;
  return isAppError(cause) ? (cause.field ?? null) : null;
}

/** The shop's words for each tRPC code, for the refusals tRPC makes itself (they are in English). */
const CODE_MESSAGES: Record<TRPC_ERROR_CODE_KEY, string> = {
  PARSE_ERROR: MESSAGES.invalidJson,
  BAD_REQUEST: MESSAGES.badRequest,
  UNAUTHORIZED: MESSAGES.unauthorized,
  PAYMENT_REQUIRED: MESSAGES.forbidden,
  FORBIDDEN: MESSAGES.forbidden,
  NOT_FOUND: MESSAGES.notFound,
  METHOD_NOT_SUPPORTED: MESSAGES.methodNotAllowed,
  TIMEOUT: MESSAGES.requestTimeout,
  CONFLICT: MESSAGES.conflict,
  PRECONDITION_FAILED: MESSAGES.preconditionFailed,
  PAYLOAD_TOO_LARGE: MESSAGES.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  UNPROCESSABLE_CONTENT: MESSAGES.badRequest,
  PRECONDITION_REQUIRED: MESSAGES.preconditionFailed,
  TOO_MANY_REQUESTS: MESSAGES.tooManyAttempts,
  CLIENT_CLOSED_REQUEST: MESSAGES.requestCancelled,
  INTERNAL_SERVER_ERROR: MESSAGES.internal,
  NOT_IMPLEMENTED: MESSAGES.notImplemented,
  BAD_GATEWAY: MESSAGES.unavailable,
  SERVICE_UNAVAILABLE: MESSAGES.unavailable,
  GATEWAY_TIMEOUT: MESSAGES.unavailable,
};

/**
 * What a client may read of an error: our own texts (AppError) and zod's (Portuguese, see
 * shared/zod-locale.ts); anything else, tRPC's own refusals included, gets the shop's words for
 * its code.
 */
function publicMessage(code: TRPC_ERROR_CODE_KEY, cause: unknown): string {
  if (code === 'INTERNAL_SERVER_ERROR') return MESSAGES.internal;
  if (cause instanceof ZodError) return cause.issues[0]?.message ?? MESSAGES.requestFailed;
  if (isAppError(cause)) return cause.message;
  return CODE_MESSAGES[code] ?? MESSAGES.badRequest;
}

/** The spec's user error code (username_exists, wrong_password, ...) of an error, when it has one. */
function appCodeOf(cause: unknown): string | null {
  if (cause instanceof ZodError) return issueAppCode(cause.issues[0]) ?? null;
  return isAppError(cause) ? (cause.code ?? null) : null;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        message: publicMessage(error.code, cause),
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          /** The spec's user error code (username_exists, wrong_password, ...), when there is one. */
          appCode: appCodeOf(cause),
          storeLocked: isAppError(cause) && cause.kind === 'STORE_LOCKED',
          field: internal ? null : fieldOf(cause),
        },
      };
    },
  });

/** A domain error as the tRPC error with its status and text. */
const domainError = (known: AppError) => new TRPCError({ code: CODE[known.kind], message: known.message, cause: known });

/**
 * Domain errors become tRPC errors with the matching status, and so does a value PostgreSQL refused
 * (plugins/errors.ts) or a database that cannot be reached; anything else stays internal (null).
 */
function appError(cause: unknown): TRPCError | null {
  const unavailable = trpcDatabaseUnavailable(cause);
  if (unavailable) return unavailable;
  const known = isAppError(cause) ? cause : databaseInputError(cause);
  return known ? domainError(known) : null;
}

/**
 * The rest of the call (`run`), its domain errors mapped (`appError`), whether returned by tRPC or
 * thrown (a thrown tRPC error by its cause, as tRPC's own result would carry it).
 */
async function mapped<R extends { ok: boolean; error?: TRPCError }>(run: () => Promise<R>): Promise<R> {
  let result: R;
  try {
    result = await run();
  } catch (e) {
    throw appError(e instanceof TRPCError ? e.cause : e) ?? e;
  }
  if (result.ok || !result.error) return result;
  throw appError(result.error.cause) ?? result.error;
}

/**
 * Each procedure call works on its own EntityManager fork: the calls of one batch run at the same
 * time, and a refused call must never leave changes that a sibling's flush would write.
 */
const ownUnitOfWork = (ctx: TrpcContext): TrpcContext => ({ ...ctx, app: { ...ctx.app, em: ctx.app.em.fork() } });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/*
 * Each kind of procedure has one middleware doing all it needs (errors, unit of work, its own
 * rule): tRPC copies the call's options and context at every middleware (`callRecursive`), and a
 * chain of four cost a page built on a miss about 5% of its CPU in those copies (profiled
 * 2026-11-29, product pages of the 20,000-product shop).
 */

/**
 * Public procedures that are not cached reads: called while a cache entry is built (a page's
 * render), their reads are not declared in tags.ts, so the entry goes at any change.
 */
export const publicProcedure = t.procedure.meta({ policy: 'public' }).use(async ({ ctx, next }) => {
  if (ctx.cacheTags) ctx.cacheTags.add(ANY);
  return mapped(() => next({ ctx: ownUnitOfWork(ctx) }));
});

/** An input that could not be read (tRPC refuses the call): not shared, tagged as without input. */
const UNREADABLE = Symbol('unreadable input');

/**
 * Public reads of the catalogue, content and settings: nothing per visitor (no session, no
 * request headers), so their answers are cached and shared until a write changes the data.
 */
export const publicReadProcedure = t.procedure.meta({ policy: 'public', cached: true }).use(async ({ ctx, path, getRawInput, next }) => {
  const input = ctx.cacheTags || ctx.publicCache ? await getRawInput().catch(() => UNREADABLE) : UNREADABLE;
  const own = ownUnitOfWork(ctx);
  let output: unknown;
  try {
    const result = await mapped(() =>
      ctx.publicCache && input === undefined ? sharedRead(ctx.publicCache, path, own, () => next({ ctx: own })) : next({ ctx: own }),
    );
    if (result.ok) output = result.data;
    return result;
  } finally {
    // The cache entry being built depends on what this call read, a refusal too (a 404 goes when
    // that product appears): its tags, by the one rule in tags.ts.
    if (ctx.cacheTags) for (const tag of readTags(path, input === UNREADABLE ? undefined : input, output)) ctx.cacheTags.add(tag);
  }
});

/** Procedures for signed-in administrators; `ctx.user` is non-null inside. */
export const adminProcedure = t.procedure.meta({ policy: 'admin' }).use(async ({ ctx, next }) => {
  const user = ctx.app.user;
  if (!user?.isAdmin) throw domainError(new AppError('UNAUTHORIZED', MESSAGES.unauthorized));
  return mapped(() => next({ ctx: { ...ownUnitOfWork(ctx), user: user as SessionUser } }));
});

/** login/logout need the HTTP request to set cookies; createCaller without HTTP cannot call them. */
export function requireHttp(ctx: TrpcContext) {
  if (!ctx.http) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'HTTP context required' });
  return ctx.http;
}

/**
 * Admin procedures that receive files as FormData (uploads of images or the reviews CSV). Over
 * HTTP the body is read here, once the caller is known to be an admin, its files streamed to disk
 * (server/input/staged-form.ts: never the whole body in memory). A body that cannot be read (no
 * boundary, cut short) is the client's fault: 400, as on the legacy routes.
 */
export const uploadProcedure = adminProcedure.meta({ policy: 'admin', upload: true }).use(({ ctx, getRawInput, next }) => {
  const req = ctx.http?.req;
  const staging = req?.uploadStaging;
  const read = req && staging && isMultipartRequest(req) ? () => stageFormData(req.raw, staging) : getRawInput;
  return next({
    getRawInput: () =>
      read().catch((e: unknown) => {
        if (isAppError(e)) throw e;
        throw new AppError('BAD_REQUEST', MESSAGES.badMultipart);
      }),
  });
});
