/** How many unsettled requests keep their key (a page holds few: each is a failed or pending submission). */
const KEPT = 50;

/** What a request asks, as text: a File by its name, size and date (its bytes are not read). */
export function signature(input: unknown): string {
  const entries = typeof FormData !== 'undefined' && input instanceof FormData ? [...input.entries()] : input;
  return (
    JSON.stringify(entries, (_k, v) => (typeof File !== 'undefined' && v instanceof File ? `${v.name}:${v.size}:${v.lastModified}` : v)) ??
    ''
  );
}

/**
 * One Idempotency-Key per request the admin sends (server: src/idempotency): sending the same thing
 * again before it succeeded (after a 503, a lost answer, a second click while the first is on its
 * way) reuses the key, so the server answers the first create instead of making a second one; once
 * it succeeded (`settled`), the same values again are a new request with a new key.
 */
export function makeIdempotencyKeys() {
  const keys = new Map<string, string>();
  return {
    keyFor(request: string): string {
      let key = keys.get(request);
      if (!key) {
        key = crypto.randomUUID();
        keys.set(request, key);
        if (keys.size > KEPT) keys.delete(keys.keys().next().value as string);
      }
      return key;
    },
    settled(request: string): void {
      keys.delete(request);
    },
  };
}
