import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { AppError, isAppError } from '../errors.ts';
import { IdempotencyKey } from './idempotency-key.entity.ts';

/**
 * Creates a client may retry safely. A create sent with an `Idempotency-Key` header (any adapter:
 * tRPC and the legacy .php alike put it in AppContext.idempotencyKey) runs in one transaction with
 * a row that keeps its answer under (key, operation):
 * - the same key and the same data again: the original answer, nothing created twice;
 * - the same key with other data: 409 with a clear message (the client reused a key by mistake);
 * - the connection lost while the create committed (its outcome unknown to the request): the row
 *   is looked up once more, and if the create did commit, its answer is given instead of the error.
 * Keys are kept 24 hours (sweepIdempotencyKeys). Without a key a create runs as before.
 * Every create the admin sends is declared with `idempotentCreate` (the list: README, Operations).
 */

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX = 200;
export const MESSAGE_KEY_REUSED = 'Esta Idempotency-Key já foi usada com outros dados. Envie uma chave nova para uma nova criação.';
export const MESSAGE_KEY_INVALID = `Idempotency-Key inválida: use de 1 a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis (letras, números, - _ . :).`;

const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/**
 * An uploaded file (tRPC FormData or legacy multipart alike) is its name and its bytes, not the
 * form field it came in: bytes in memory, or a file staged on disk with the SHA-256 of its bytes
 * counted while it arrived (src/media/staging.ts). Both give the same digest for the same file.
 */
type HashedUpload = { filename: string; truncated?: boolean } & ({ data: Buffer } | { sha256: string; path: string });
const isUpload = (v: object): v is HashedUpload =>
  'filename' in v &&
  (('data' in v && Buffer.isBuffer((v as { data: unknown }).data)) || ('sha256' in v && 'path' in v && typeof v.sha256 === 'string'));
const digestOf = (bytes: Buffer) => ({ sha256: createHash('sha256').update(bytes).digest('hex') });

/** A stable digest of what was asked: same data, same hash, whatever the key order of objects. */
export function requestHash(input: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Buffer.isBuffer(v)) return digestOf(v);
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      if (isUpload(v)) {
        const data = 'data' in v ? digestOf(v.data) : { sha256: v.sha256 };
        return { filename: v.filename, data, truncated: v.truncated === true };
      }
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)) ?? '')
    .digest('hex');
}

async function stored<T>(ctx: AppContext, key: string, operation: string, hash: string): Promise<{ response: T } | null> {
  const row = await ctx.em.fork().findOne(IdempotencyKey, { key, operation });
  if (!row) return null;
  if (row.created_at.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) return null;
  if (row.request_hash !== hash) throw new AppError('CONFLICT', MESSAGE_KEY_REUSED);
  return { response: row.response as T };
}

/**
 * Runs a create once per (Idempotency-Key, operation). `input` is what identifies the request
 * (parsed fields, uploaded bytes). `prepare` is the slow part that writes nothing (images
 * re-encoded): it runs before the transaction, so no connection is held meanwhile (on PGlite an
 * open transaction holds the whole database). `commit` gets a context whose EntityManager is
 * inside the transaction that also stores the answer.
 */
async function runOnce<P, T>(
  ctx: AppContext,
  operation: string,
  input: unknown,
  prepare: () => Promise<P>,
  commit: (ctx: AppContext, prepared: P) => Promise<T>,
): Promise<T> {
  const key = ctx.idempotencyKey;
  if (key === null || key === undefined) return commit(ctx, await prepare());
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', MESSAGE_KEY_INVALID);
  const hash = requestHash(input);
  const before = await stored<T>(ctx, key, operation, hash);
  if (before) return before.response;
  const prepared = await prepare();
  try {
    return await ctx.em.fork().transactional(async (em) => {
      const response = await commit({ ...ctx, em }, prepared);
      // An expired row of the same key (not swept yet) gives way to the new answer.
      await em.nativeDelete(IdempotencyKey, { key, operation, created_at: { $lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } });
      em.create(IdempotencyKey, { key, operation, request_hash: hash, response: JSON.parse(JSON.stringify(response ?? null)) });
      await em.flush();
      return response;
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    // A twin request with the same key committed first, or this one committed and its answer was
    // lost with the connection: either way the stored answer is the truth.
    const after = await stored<T>(ctx, key, operation, hash).catch((e: unknown) => {
      if (isAppError(e)) throw e;
      return null;
    });
    if (after) return after.response;
    throw err;
  }
}

/** A create in two steps: `prepare` writes nothing (see runOnce) and hands `commit`, which writes, all it needs. */
export type CreateSteps<A extends unknown[], P, T> = {
  prepare: (ctx: AppContext, ...args: A) => Promise<P>;
  commit: (ctx: AppContext, prepared: P) => Promise<T>;
  /** What identifies a request, when not every argument should (a password is never kept, not even as a digest). */
  identity?: (args: NoInfer<A>) => unknown;
};

/**
 * THE way a create becomes safe to retry: `export const createX = idempotentCreate('x.create', fn)`.
 * The tRPC procedure and the legacy .php twin call the same service, so both honour the key, one
 * key is one create whichever of them is retried, and each maps the stored answer as it maps a
 * fresh one. Without a key the create runs as it always did.
 */
export function idempotentCreate<A extends unknown[], T, P = undefined>(
  operation: string,
  create: ((ctx: AppContext, ...args: A) => Promise<T>) | CreateSteps<A, P, T>,
): (ctx: AppContext, ...args: A) => Promise<T> {
  const steps: CreateSteps<A, P, T> =
    typeof create === 'function'
      ? { prepare: async (_ctx, ...args) => args as unknown as P, commit: (ctx, args) => create(ctx, ...(args as unknown as A)) }
      : create;
  return (ctx, ...args) =>
    runOnce(
      ctx,
      operation,
      steps.identity ? steps.identity(args) : args.length === 1 ? args[0] : args,
      () => steps.prepare(ctx, ...args),
      (t, prepared) => steps.commit(t, prepared),
    );
}

/** Deletes keys older than 24 hours; the number removed. */
export async function sweepIdempotencyKeys(em: AppContext['em'], now = new Date()): Promise<number> {
  return em.nativeDelete(IdempotencyKey, { created_at: { $lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } });
}
