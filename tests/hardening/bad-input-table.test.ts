import { existsSync, readdirSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { appRouter } from '../../server/trpc/router.ts';
import { SETTINGS_KEYS } from '../../shared/settings.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/**
 * The fault-injection table of bad input: every route and every procedure gets NUL bytes, control
 * characters, huge numbers, over-long text and slugs, objects where text belongs, deep JSON,
 * __proto__ and broken multipart, as a visitor and as the admin (same-origin, so the CSRF check
 * lets them through). Each answer is below 500 and every refusal reads the shop's format: `{ error }`
 * for REST, tRPC's envelope with a Portuguese message for /trpc. Nothing changes in the database
 * or the uploads folder.
 */

let t: TestApp;
let cookie: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  // tRPC reads a multipart body from the raw request stream, which app.inject does not provide.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A multipart probe to a tRPC procedure over real HTTP, in the shape app.inject answers. */
async function postRaw(path: string, raw: { type: string; payload: string }, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method: 'POST', body: raw.payload, headers: { ...headers, 'content-type': raw.type } });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}
afterAll(async () => {
  await t.close();
});

/** Every field name an operation reads (contracts in shared/), so each route meets its own fields. */
const FIELDS = [
  ...new Set([
    ...['id', 'slug', 'q', 'limit', 'collection_id', 'product_id', 'section_id', 'name', 'title', 'description', 'price', 'old_price'],
    ...['shopify_product_id', 'sort_order', 'active', 'position', 'username', 'password', 'current', 'new', 'text', 'bg_color'],
    ...['text_color', 'href', 'alt_text', 'label', 'url', 'clear_existing', 'store_unlock_password', 'sort', 'min', 'max', 'on_sale'],
    ...SETTINGS_KEYS,
  ]),
];

type Probe = {
  name: string;
  /** Query string with every field set to the bad value (also sent on POST: ids may come in ?id=). */
  query: string;
  /** JSON text for bodies and tRPC input; null: the probe sends no JSON. */
  json: string | null;
  /** A raw body with its content type instead of JSON. */
  raw?: { type: string; payload: string };
  /** The path segment put where a route has a wildcard (slugs, file names). */
  segment: string;
};

const everyField = (value: string) => `{${FIELDS.map((f) => `"${f}":${value}`).join(',')}}`;
const queryOf = (value: string) => FIELDS.map((f) => `${f}=${encodeURIComponent(value)}`).join('&');
const deep = (n: number) => `${'{"a":'.repeat(n)}{"__proto__":{"polluted":true}}${'}'.repeat(n)}`;

const PROBES: Probe[] = [
  { name: 'NUL bytes', query: queryOf('a\u0000b'), json: everyField(JSON.stringify('a\u0000b')), segment: 'a%00b' },
  {
    name: 'control characters',
    query: queryOf('a\u0007\u001b[31m\u0085b'),
    json: everyField(JSON.stringify('a\u0007\u001b[31m\u0085b')),
    segment: 'a%07%1Bb',
  },
  { name: 'huge numbers', query: queryOf('99999999999999999999999'), json: everyField('1e400'), segment: '99999999999999999999999' },
  { name: 'numbers past 2^63', query: queryOf('-9223372036854775809'), json: everyField('9223372036854775808'), segment: '1' },
  {
    name: 'long text and slugs',
    query: queryOf('a'.repeat(2001)),
    json: everyField(JSON.stringify('a'.repeat(2001))),
    segment: 'a'.repeat(2001),
  },
  { name: 'objects where values belong', query: queryOf('[object Object]'), json: everyField('{"a":[1,{"b":null}]}'), segment: '%5B%5D' },
  { name: 'deep JSON with __proto__', query: queryOf('x'), json: deep(5000), segment: 'x' },
  { name: 'escaped __proto__', query: queryOf('x'), json: '{"\\u005f_proto__":{"polluted":true},"id":"x"}', segment: 'x' },
  {
    name: 'broken multipart',
    query: queryOf('a\u0000'),
    json: null,
    raw: {
      type: 'multipart/form-data; boundary=zz',
      payload:
        '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n',
    },
    segment: 'x',
  },
];

type Who = { name: 'visitor' | 'admin'; headers: Record<string, string> };
const VISITOR: Who = { name: 'visitor', headers: {} };
const admin = (): Who => ({ name: 'admin', headers: { cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' } });

/**
 * Calls that take no input: they succeed whatever they are sent (logout would end the admin's
 * session; cancelling an import when none runs answers `{ cancelled: false }`).
 */
const NO_INPUT_WRITES = new Set(['/auth/logout.php', 'auth.logout', 'catalogImport.cancel']);

const ENGLISH = /\b(the|is|not|invalid|expected|received|required|unsupported|missing|exceeds|failed|error|unknown|found|batch)\b/i;

function bodyOptions(probe: Probe): Pick<InjectOptions, 'payload' | 'headers'> {
  if (probe.raw) return { payload: probe.raw.payload, headers: { 'content-type': probe.raw.type } };
  return { payload: probe.json ?? '', headers: { 'content-type': 'application/json' } };
}

const routeUrl = (url: string, probe: Probe) => url.replace(/\*$/, probe.segment);

/** The storefront and static routes answer pages and files, not JSON: their refusals are 404 pages. */
const isPageRoute = (url: string) => !url.endsWith('.php') && !url.startsWith('/trpc') && !url.startsWith('/uploads');

function checkRest(res: LightMyRequestResponse, label: string, pageRoute: boolean) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode < 400) return;
  if (pageRoute && /text\/html/.test(String(res.headers['content-type']))) {
    expect(res.statusCode, label).toBe(404);
    return;
  }
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect(res.body, label).not.toBe('');
  const body = res.json() as { error?: unknown };
  expect(typeof body.error, label).toBe('string');
  expect(body.error, label).not.toMatch(ENGLISH);
}

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown };

function checkTrpc(res: Answer, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as { error?: { message?: unknown; data?: { httpStatus?: number } } };
  expect(typeof body.error?.message, label).toBe('string');
  expect(body.error?.message, label).not.toMatch(ENGLISH);
  expect(body.error?.data?.httpStatus, label).toBe(res.statusCode);
}

const uploads = () => {
  const dir = uploadsDirOf(t.config);
  return existsSync(dir) ? readdirSync(dir).sort().join(',') : '';
};

/**
 * Every route but tRPC's (its procedures are probed one by one below). The built client's files are
 * one route each, all served by the same static handler: the first stands for the others.
 */
function representativeRoutes() {
  const routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && !String(r.url).startsWith('/trpc'));
  const isAsset = (url: string) =>
    /\.(js|css|png|svg|ico|woff2?|json|txt|webmanifest|map)$/.test(url) && !url.endsWith('.php') && url !== '/robots.txt';
  const firstAsset = routes.find((r) => isAsset(String(r.url)));
  return routes.filter((r) => !isAsset(String(r.url)) || r === firstAsset);
}

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: { policy?: string } } }>,
);

describe.each([['visitor'], ['admin']] as const)('bad input as %s', (whoName) => {
  it('every route answers below 500, refusals in { error }, admin writes refused, nothing changes', { timeout: 120_000 }, async () => {
    const who = whoName === 'admin' ? admin() : VISITOR;
    const before = { db: await dbSnapshot(t.db), files: uploads() };
    const routes = representativeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const url = String(r.url);
      // HEAD answers carry no body to read a format from; it runs the GET handler anyway.
      for (const method of ([r.method].flat() as string[]).filter((m) => m !== 'HEAD') as ('GET' | 'POST')[]) {
        if (who.name === 'admin' && NO_INPUT_WRITES.has(url)) continue;
        for (const probe of PROBES) {
          if (method === 'GET' && probe.json !== null && !probe.raw && probe.name.includes('proto')) continue;
          const label = `${who.name} ${method} ${url} · ${probe.name}`;
          const target = `${routeUrl(url, probe)}?${probe.query}`;
          const body = method === 'POST' ? bodyOptions(probe) : { headers: {} };
          const res = await t.app.inject({
            method,
            url: target,
            payload: 'payload' in body ? body.payload : undefined,
            headers: { ...who.headers, ...body.headers },
          });
          checkRest(res, `${label} → ${res.statusCode} ${res.body.slice(0, 80)}`, isPageRoute(url));
          const adminWrite = method === 'POST' && (r.config as { policy?: string } | undefined)?.policy === 'admin';
          if (adminWrite) expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expect(await dbSnapshot(t.db)).toBe(before.db);
    expect(uploads()).toBe(before.files);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('every tRPC procedure answers below 500, refusals in its envelope in Portuguese, mutations refused, nothing changes', {
    timeout: 120_000,
  }, async () => {
    const who = whoName === 'admin' ? admin() : VISITOR;
    const before = { db: await dbSnapshot(t.db), files: uploads() };
    expect(procedures.length).toBeGreaterThan(40);
    for (const [path, p] of procedures) {
      if (who.name === 'admin' && NO_INPUT_WRITES.has(path)) continue;
      const mutation = p._def.type === 'mutation' && !NO_INPUT_WRITES.has(path);
      for (const probe of PROBES) {
        const label = `${who.name} ${path} · ${probe.name}`;
        const res = probe.raw
          ? await postRaw(`/trpc/${path}`, probe.raw, who.headers)
          : mutation
            ? await t.app.inject({
                method: 'POST',
                url: `/trpc/${path}`,
                ...bodyOptions(probe),
                headers: { ...who.headers, ...bodyOptions(probe).headers },
              })
            : await t.app.inject({
                method: 'GET',
                url: `/trpc/${path}?input=${encodeURIComponent(probe.json ?? probe.query)}`,
                headers: who.headers,
              });
        checkTrpc(res, label);
        if (mutation) expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await dbSnapshot(t.db)).toBe(before.db);
    expect(uploads()).toBe(before.files);
  });
});
