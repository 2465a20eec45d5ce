/**
 * A small in-memory limiter: at most `max` hits per key within `windowMs`. Used for login and
 * unlock, per client address and per account. In memory is enough for the single process this
 * shop runs as; counters reset on restart.
 */
export class RateLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Counts one attempt; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count++;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Seconds to wait if the key is already over its limit, without counting an attempt. */
  blocked(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > now && entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/** The limiters the app uses; one set per app instance so tests do not share counters. */
export function createLimiters() {
  return {
    /** Any login attempt from one address: 20 per 15 minutes. */
    loginByIp: new RateLimiter(20, 15 * 60_000),
    /** Failed logins for one username from one address: 5 per 15 minutes. */
    loginByAccountIp: new RateLimiter(5, 15 * 60_000),
    /**
     * Failed logins for one username from anywhere: 100 per 15 minutes. Loose on purpose: a tight
     * limit here would let anyone lock the owner out by failing on purpose.
     */
    loginByAccount: new RateLimiter(100, 15 * 60_000),
    /** Unlock attempts of a locked store from one address: 10 per 15 minutes. */
    unlockByIp: new RateLimiter(10, 15 * 60_000),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;
