/**
 * One Idempotency-Key per create form submission (server: src/idempotency): submitting the same
 * values again after a failure (a 503, a lost answer) reuses the key, so the server answers with
 * the first create instead of making a second one; other values, or a new form after a success
 * (`settled`), get a new key.
 */
export function makeIdempotencyKeys() {
  let last: { signature: string; key: string } | null = null;
  const signature = (values: unknown) =>
    JSON.stringify(values, (_k, v) => (typeof File !== 'undefined' && v instanceof File ? `${v.name}:${v.size}:${v.lastModified}` : v));
  return {
    keyFor(values: unknown): string {
      const s = signature(values);
      if (last?.signature !== s) last = { signature: s, key: crypto.randomUUID() };
      return last.key;
    },
    settled(): void {
      last = null;
    },
  };
}
