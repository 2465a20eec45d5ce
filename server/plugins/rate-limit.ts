import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../shared/errors.ts';
import { countRequest } from '../../src/auth/throttle-store.ts';
import type { Database } from '../../src/db/database.ts';
import { AppError } from '../../src/errors.ts';

type Counter = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit kept in the database (auth_throttle), so every app instance on
 * the database shares the same counts and they survive restarts.
 */
function databaseStore(db: Database) {
  return class DatabaseRateStore {
    incr(key: string, cb: (err: Error | null, res?: Counter) => void, timeWindow: number): void {
      countRequest(db.fork(), key, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(): DatabaseRateStore {
      return this;
    }
  };
}

/** The client address as limits key it: IPv4 as is, IPv6 by its /64 (one host holds a whole /64). */
export const clientAddress = (req: FastifyRequest): string => normalizeIP(req.ip);

/** Plain request rate per address for the password endpoints: bounds the password-hashing work one host can cause. */
const PASSWORD_REQUESTS_PER_MINUTE = 60;

type Limit = (req: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Request-rate limits per client address, in the shared store. */
    requestRate: { login: Limit; unlock: Limit };
  }
}

/** Registers @fastify/rate-limit over the database store; limits are applied by the auth flows. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false, store: databaseStore(app.db), skipOnError: true });
    const perAddress = (name: string) =>
      app.createRateLimit({
        max: PASSWORD_REQUESTS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req) => `${name}|${clientAddress(req)}`,
      });
    app.decorate('requestRate', { login: perAddress('login'), unlock: perAddress('unlock') });
  },
  { name: 'rate-limit' },
);

/** Answers 429 with Retry-After. */
export function tooManyAttempts(reply: FastifyReply, waitSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitSeconds))));
  throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts);
}

/** Counts one request against `limit`; refuses it with 429 when the address is over its rate. */
export async function enforceRequestRate(limit: Limit, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const r = await limit(req);
  if (!r.isAllowed && r.isExceeded) tooManyAttempts(reply, r.ttlInSeconds);
}
