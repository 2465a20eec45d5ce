/**
 * The JSON text of a page's dehydrated queries (the `__STATE__` block), exactly as
 * `JSON.stringify(state)` writes it, with the data of input-less reads written once per object.
 *
 * Those reads (the settings, the layout, the collections menu: server/public-cache/shared-reads.ts)
 * answer every page with the same objects until a change replaces them, and they were most of the
 * state: 8.4 of a product page's 10 KB on the 20,000-product shop, written again for every page
 * built on a miss (JSON.stringify of the whole state took about 150 µs in the server, 2026-11-29).
 * Their text is kept beside each object (a WeakMap: it goes with the object) and spliced into the
 * query's own, written with a placeholder where its data goes (the same keys, in the same order).
 * Query data is never changed in place (TanStack Query replaces it), so the text stays true.
 */
type Query = { queryKey?: unknown; state?: { data?: unknown } };

const dataText = new WeakMap<object, string>();

/** `[path, { input, type }]`, tRPC's query key: no input means the same answer for every page. */
function withoutInput(key: unknown): boolean {
  if (!Array.isArray(key)) return false;
  const opts = key[1] as { input?: unknown } | undefined;
  return !!opts && typeof opts === 'object' && opts.input === undefined;
}

/** `text` with the placeholder value `"key":0` that ends it (before its closing brace) replaced by `value`. */
function spliceLast(text: string, key: string, value: string): string | null {
  const tail = `"${key}":0}`;
  return text.endsWith(tail) ? `${text.slice(0, -2)}${value}}` : null;
}

function queryText(q: Query): string {
  const data = q.state?.data;
  if (!withoutInput(q.queryKey) || data === null || typeof data !== 'object') return JSON.stringify(q);
  let text = dataText.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    dataText.set(data, text);
  }
  const skeleton = JSON.stringify({ ...q, state: { ...q.state, data: 0 } });
  const head = '"state":{"data":0';
  const at = skeleton.indexOf(head);
  if (at < 0) return JSON.stringify(q);
  const cut = at + head.length - 1;
  return `${skeleton.slice(0, cut)}${text}${skeleton.slice(cut + 1)}`;
}

export function stateJson(state: unknown): string {
  const queries = (state as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries)) return JSON.stringify(state);
  const text = spliceLast(JSON.stringify({ ...(state as object), queries: 0 }), 'queries', `[${queries.map(queryText).join(',')}]`);
  return text ?? JSON.stringify(state);
}
