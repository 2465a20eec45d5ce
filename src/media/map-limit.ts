/**
 * `fn` over every item with at most `limit` running at once, results in input order. Image work
 * goes through it so a batch (the demo seed, the variants command) never holds every decoded
 * image in memory at the same time.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Images encoded at once: one per core is enough to keep sharp's threads busy. */
export const IMAGE_JOBS = 2;
