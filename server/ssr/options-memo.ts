/**
 * The server render's tRPC options proxy, with what it hands out kept for the rest of the render.
 *
 * A page asks tRPC's options proxy for the same options and keys many times over (the settings'
 * options by the layout, the settings context, the title and the head; a product's by its
 * prefetch, its page and its `missing` check): 22 calls a product page. tRPC makes them anew each
 * time, and each call is costly: walking the proxy copies the path at every step, and every call
 * builds an object of twelve functions to use one, then the options with several object spreads.
 * Measured 2026-11-30 on the 20,000-product shop (product pages never asked before, V8's sampling
 * allocation profile): 110 of the 685 KB a page allocated came from these calls; 604 KB with this
 * file. tRPC has no option for it (its proxy is "do not import" internals) and no library wraps
 * it, hence this file.
 *
 * What is kept: `queryOptions` and `queryKey` called with at most an input that is plain data (no
 * second argument), by path (method included) and the input's JSON, for one render
 * (`memo`, the render scope's): the options hold what tRPC reads at the call (its query client),
 * so no render ever sees another's. Anything else goes to tRPC as it is. The proxy's nodes are
 * kept for the process, by path: what they stand for never changes.
 */
const KEPT = new Set(['queryOptions', 'queryKey']);

/** A key for `input` when it is plain data (JSON), else null: tRPC's `skipToken` is a symbol. */
function inputKey(input: unknown): string | null {
  if (input === undefined) return '';
  if (typeof input === 'symbol' || typeof input === 'function') return null;
  return JSON.stringify(input);
}

/** What one render keeps: per path, its options and keys by input. */
export type KeptOptions = Map<string, Map<string, unknown>>;

export function keptOptionsProxy<T extends object>(proxy: T, memo: () => KeptOptions | undefined): T {
  const node = (target: object, path: string): object => {
    const kept = KEPT.has(path.slice(path.lastIndexOf('.') + 1));
    const children = new Map<string, object>();
    return new Proxy(target, {
      get: (t, key) => {
        if (typeof key !== 'string' || key === 'then') return undefined;
        let child = children.get(key);
        if (child === undefined) {
          child = node((t as Record<string, object>)[key] as object, path ? `${path}.${key}` : key);
          children.set(key, child);
        }
        return child;
      },
      apply: (t, self, args: unknown[]) => {
        const input = kept && args.length <= 1 ? inputKey(args[0]) : null;
        const render = input === null ? undefined : memo();
        if (input === null || !render) return Reflect.apply(t as (...a: unknown[]) => unknown, self, args);
        let byInput = render.get(path);
        if (byInput === undefined) {
          byInput = new Map();
          render.set(path, byInput);
        }
        let value = byInput.get(input);
        if (value === undefined) {
          value = Reflect.apply(t as (...a: unknown[]) => unknown, self, args);
          byInput.set(input, value);
        }
        return value;
      },
    });
  };
  return node(proxy, '') as T;
}
