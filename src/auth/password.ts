import argon2 from 'argon2';

/**
 * argon2id at the configuration of OWASP's Password Storage Cheat Sheet that needs the least memory
 * among those it rates as equal defence (m=7 MiB, t=5, p=1; the others trade memory for passes:
 * 19 MiB with t=2, 12 MiB with t=3, 9 MiB with t=4). The shop runs in small containers, and each
 * check holds its memory cost for its whole length, up to four at once in libuv's pool: measured
 * 2026-11-29, four checks at once raised the process's peak RSS by 38 MB at 19 MiB and 21 MB at
 * 7 MiB (one check: 55 against 32 ms). A sign-in was the PostgreSQL shop's highest moment of memory
 * in the benchmark (+17 MB over its steady state). Parameters are stored inside each hash: older
 * hashes still verify, and an administrator's is rewritten at the next sign-in (`isOutdatedHash`).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

/** True when `hash` was made with other parameters than today's (or is not argon2id). */
export function isOutdatedHash(hash: string): boolean {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}

/** argon2's cost parameters of a stored hash (`$argon2id$v=19$m=…,t=…,p=…$…`), or null. */
function costOf(hash: string): { memoryCost: number; timeCost: number; parallelism: number } | null {
  const params = Object.fromEntries((hash.split('$')[3] ?? '').split(',').map((kv) => kv.split('=')));
  const [m, t, p] = [Number(params.m), Number(params.t), Number(params.p)];
  // Bounded: the parameters of a hash in this shop's own table, never anything a visitor sends.
  if (!(m >= 1024 && m <= 262_144 && t >= 1 && t <= 10 && p >= 1 && p <= 4)) return null;
  return { memoryCost: m, timeCost: t, parallelism: p };
}

/** One dummy hash per set of parameters (today's, and those of older hashes still stored). */
const dummyHashes = new Map<string, Promise<string>>();

/** The dummy hash an unknown name is checked against, with the parameters of `like` when they can be read. */
export function dummyHash(like: string | null | undefined): Promise<string> {
  const cost = (like && costOf(like)) || OPTIONS;
  const key = `${cost.memoryCost},${cost.timeCost},${cost.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = argon2.hash('dummy-password-for-timing', { ...OPTIONS, ...cost });
    dummyHashes.set(key, hash);
  }
  return hash;
}

/**
 * Checks a password against a stored hash. With no hash (unknown user) it still spends the same
 * time on a dummy hash, so response times do not tell which usernames exist; `timingLike` is a
 * stored hash whose parameters the dummy takes (an older one still in use is slower than today's).
 */
export async function verifyPassword(hash: string | null | undefined, plain: string, timingLike?: string | null): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await dummyHash(timingLike), plain).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
