import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';

/**
 * The auth_throttle table: counters shared by every app instance on the database, kept across
 * restarts. Each statement is a single atomic upsert, so concurrent requests and several
 * instances agree; times come from the database clock, never from one instance's.
 */

/** How failures back off: from the `threshold`-th failure on, wait base × 2^(n − threshold), at most cap. */
export type BackoffPolicy = { threshold: number; baseMs: number; capMs: number };

/** A failure counter starts over once its last failure is this old (and rows this old are swept). */
export const FORGET_FAILURES_MS = 24 * 3_600_000;

export type ThrottleKey = { kind: string; key: string };

/** Keys stay short and storable whatever a client sends (long or odd usernames are hashed). */
export function keyPart(value: string): string {
  return /^[\x21-\x7e]{1,120}$/.test(value) ? value : `sha256:${createHash('sha256').update(value).digest('hex')}`;
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return n;
};

/**
 * SQL for "blocked until" after `n` failures under `p` (null below the threshold). The exponent is
 * capped: 2^(n − threshold) in double precision overflows after about a thousand failures, and
 * every count past the cap waits `capMs` anyway.
 */
const blockAfter = (n: string, p: BackoffPolicy) =>
  `case when ${n} >= ${int(p.threshold)} then now() + least(${int(p.baseMs)} * power(2, least(${n} - ${int(p.threshold)}, 40)), ${int(p.capMs)}) * interval '1 millisecond' end`;

/** Counts one failure; returns the new count and the seconds the key is now blocked for. */
export async function recordFailure(em: EntityManager, k: ThrottleKey, p: BackoffPolicy): Promise<{ count: number; waitSeconds: number }> {
  const stale = `t.updated_at < now() - ${int(FORGET_FAILURES_MS)} * interval '1 millisecond'`;
  const next = `(case when ${stale} then 1 else t.count + 1 end)`;
  const rows = await em.getConnection().execute<{ count: number; wait: number }[]>(
    `insert into auth_throttle as t (kind, key, count, window_start, blocked_until, updated_at)
     values (?, ?, 1, now(), ${blockAfter('1', p)}, now())
     on conflict (kind, key) do update set
       count = ${next},
       window_start = case when ${stale} then now() else t.window_start end,
       blocked_until = ${blockAfter(next, p)},
       updated_at = now()
     returning count, coalesce(ceil(extract(epoch from blocked_until - now())), 0)::int as wait`,
    [k.kind, k.key],
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), waitSeconds: Math.max(0, Number(row?.wait ?? 0)) };
}

export type Attempt = { refused: boolean; prior: number; waitSeconds: number };

/**
 * Counts one attempt as a failure before the password is checked, unless the key is blocked right
 * now (then nothing is counted and `refused` is true). Concurrent attempts queue on the row's lock
 * and each sees the block the previous ones set, so sending guesses in parallel gains nothing.
 * `prior` is the count before this attempt. A successful attempt is taken back with `clearFailures`
 * or `undoAttempt`.
 */
export async function takeAttempt(em: EntityManager, k: ThrottleKey, p: BackoffPolicy): Promise<Attempt> {
  const conn = em.getConnection();
  const stale = `updated_at < now() - ${int(FORGET_FAILURES_MS)} * interval '1 millisecond'`;
  const next = `(case when ${stale} then 1 else count + 1 end)`;
  for (let tries = 0; tries < 3; tries++) {
    const updated = await conn.execute<{ count: number }[]>(
      `update auth_throttle set
         count = ${next},
         window_start = case when ${stale} then now() else window_start end,
         blocked_until = ${blockAfter(next, p)},
         updated_at = now()
       where kind = ? and key = ? and (blocked_until is null or blocked_until <= now())
       returning count`,
      [k.kind, k.key],
    );
    if (updated[0]) return { refused: false, prior: Number(updated[0].count) - 1, waitSeconds: 0 };
    const inserted = await conn.execute<{ count: number }[]>(
      `insert into auth_throttle (kind, key, count, window_start, blocked_until, updated_at)
       values (?, ?, 1, now(), ${blockAfter('1', p)}, now())
       on conflict (kind, key) do nothing
       returning count`,
      [k.kind, k.key],
    );
    if (inserted[0]) return { refused: false, prior: 0, waitSeconds: 0 };
    const [state] = await readFailures(em, [k]);
    if (state && state.waitSeconds > 0) return { refused: true, prior: state.count, waitSeconds: state.waitSeconds };
    // The block ended (or the row was swept) between the statements: try again.
  }
  return { refused: true, prior: 0, waitSeconds: 1 };
}

/** Takes back one attempt counted by `takeAttempt` that turned out not to be a failure. */
export async function undoAttempt(em: EntityManager, k: ThrottleKey, p: BackoffPolicy): Promise<void> {
  const conn = em.getConnection();
  await conn.execute('delete from auth_throttle where kind = ? and key = ? and count <= 1', [k.kind, k.key]);
  await conn.execute(
    `update auth_throttle set
       count = greatest(count - 1, 0),
       blocked_until = case when count - 1 >= ${int(p.threshold)} then blocked_until end
     where kind = ? and key = ?`,
    [k.kind, k.key],
  );
}

/** Forgets a key's failures (a correct password for that pair). */
export async function clearFailures(em: EntityManager, k: ThrottleKey): Promise<void> {
  await em.getConnection().execute('delete from auth_throttle where kind = ? and key = ?', [k.kind, k.key]);
}

export type FailureState = { count: number; waitSeconds: number };

/** The live failure count and remaining block of each key (zero for unknown or forgotten keys). */
export async function readFailures(em: EntityManager, keys: ThrottleKey[]): Promise<FailureState[]> {
  if (keys.length === 0) return [];
  const pairs = keys.map(() => '(?, ?)').join(', ');
  const rows: { kind: string; key: string; count: number; wait: number }[] = await em.getConnection().execute(
    `select kind, key, count,
            greatest(0, coalesce(ceil(extract(epoch from blocked_until - now())), 0))::int as wait
       from auth_throttle
      where (kind, key) in (${pairs})
        and updated_at >= now() - ${int(FORGET_FAILURES_MS)} * interval '1 millisecond'`,
    keys.flatMap((k) => [k.kind, k.key]),
  );
  return keys.map((k) => {
    const row = rows.find((r) => r.kind === k.kind && r.key === k.key);
    return { count: Number(row?.count ?? 0), waitSeconds: Number(row?.wait ?? 0) };
  });
}

/**
 * Counts one request in a fixed window (kind 'rate'): the count so far in the current window and
 * the milliseconds until the window ends. Backs the request-rate limiter's shared store.
 */
export async function countRequest(em: EntityManager, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const expired = `t.window_start <= now() - ${int(windowMs)} * interval '1 millisecond'`;
  const rows = await em.getConnection().execute<{ count: number; ttl: number }[]>(
    `insert into auth_throttle as t (kind, key, count, window_start, updated_at)
     values ('rate', ?, 1, now(), now())
     on conflict (kind, key) do update set
       count = case when ${expired} then 1 else t.count + 1 end,
       window_start = case when ${expired} then now() else t.window_start end,
       updated_at = now()
     returning count,
       greatest(0, ceil(extract(epoch from window_start + ${int(windowMs)} * interval '1 millisecond' - now()) * 1000))::int as ttl`,
    [key],
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
}

/** Deletes counters nobody needs any more: request windows past an hour, failures forgotten and unblocked. */
export async function sweepThrottle(em: EntityManager): Promise<number> {
  const rows = await em.getConnection().execute<{ n: number }[]>(
    `with gone as (
       delete from auth_throttle
        where (kind = 'rate' and updated_at < now() - interval '1 hour')
           or (updated_at < now() - ${int(FORGET_FAILURES_MS)} * interval '1 millisecond'
               and (blocked_until is null or blocked_until < now()))
       returning 1)
     select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
