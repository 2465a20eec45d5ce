import type pg from 'pg';

/**
 * Keeps `pg`'s pool from leaking connections and says when it is wedged.
 *
 * The leak: kysely (under MikroORM 7) gives a transaction's connection back to the pool only after
 * its BEGIN, COMMIT or ROLLBACK succeeded (kysely issue #1990, open). A connection whose server
 * backend died during one of those (a killed backend, a restart, a failover) was never released:
 * its slot stayed taken for good, and after ten such cuts every request waited forever for a
 * connection. Here each checkout of a client is watched:
 * - a BEGIN / COMMIT / ROLLBACK (or savepoint statement) that fails releases the client *with the
 *   error*, so the pool destroys it instead of reusing it in an unknown transaction state; any
 *   later statement on it (MikroORM's rollback after a failed commit) fails at once;
 * - a client whose connection ends while it is checked out is released the same way;
 * - a second release of the same checkout (kysely's own, on a path that did end well) is ignored.
 *
 * The watch: `stalledMs()` is how long the pool has served nobody while someone waited for a
 * connection (an acquire timed out or is still waiting). A database that refuses connections or
 * answers slowly still makes progress (connections are handed out, returned, or fail to open);
 * only a pool whose every slot is held and never returned stalls.
 */

/** PostgreSQL's connection pool: its size, and how long a request waits for a free connection before a 503. */
export type PoolOptions = { max: number; acquireTimeoutMs: number };
export const DEFAULT_POOL: PoolOptions = { max: 10, acquireTimeoutMs: 5_000 };

/** Transaction control: if one of these fails, the connection's transaction state is unknown. */
const CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|abort|savepoint|release)\b/i;

/** What pg-pool says when no connection could be had within `connectionTimeoutMillis`. */
const ACQUIRE_TIMEOUT = 'timeout exceeded when trying to connect';

export type PoolWatch = {
  /** Milliseconds the pool has gone without serving anyone while a request waited (0 when it is fine). */
  stalledMs(now?: number): number;
  stats(): { total: number; idle: number; waiting: number };
};

type Checkout = { release: (err?: Error) => void; done: boolean };
type GuardedClient = pg.PoolClient & { __checkout?: Checkout; __guarded?: true };

function sqlOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return '';
}

/** Releases the current checkout of `client` with `err` (the pool then destroys it), once. */
function releaseBroken(client: GuardedClient, err: Error): void {
  const c = client.__checkout;
  if (!c || c.done) return;
  c.done = true;
  c.release(err);
}

/** Watches one client for its whole life: failed transaction control and a lost connection end its checkout. */
function guardClient(client: GuardedClient): void {
  if (client.__guarded) return;
  client.__guarded = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const sql = sqlOf(args);
    if (!CONTROL.test(sql) || !(result instanceof Promise)) return result;
    return result.catch((err: Error) => {
      releaseBroken(client, err);
      throw err;
    });
  };
  client.on('end', () => releaseBroken(client, new Error('Connection terminated while checked out')));
}

/** Wraps `pool.connect` so every checkout is guarded; returns the pool's watch. */
export function guardPool(pool: pg.Pool, now: () => number = Date.now): PoolWatch {
  let lastProgress = now();
  let starvedSince: number | null = null;
  const progress = () => {
    lastProgress = now();
    starvedSince = null;
  };
  pool.on('release', progress);
  pool.on('remove', progress);

  const connect = pool.connect.bind(pool) as () => Promise<GuardedClient>;
  (pool as { connect: unknown }).connect = async (...args: unknown[]) => {
    if (args.length) throw new Error('guarded pool: callback-style connect is not supported');
    let client: GuardedClient;
    try {
      client = await connect();
    } catch (err) {
      if ((err as Error).message === ACQUIRE_TIMEOUT) starvedSince ??= now();
      else progress(); // the database answered, if only with a refusal
      throw err;
    }
    progress();
    guardClient(client);
    const checkout: Checkout = { release: client.release, done: false };
    client.__checkout = checkout;
    client.release = (err?: Error | boolean) => {
      if (checkout.done) return;
      checkout.done = true;
      checkout.release(err as Error | undefined);
    };
    return client;
  };

  return {
    stalledMs(at = now()) {
      const waiting = pool.waitingCount > 0 || starvedSince !== null;
      return waiting ? Math.max(0, at - lastProgress) : 0;
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
