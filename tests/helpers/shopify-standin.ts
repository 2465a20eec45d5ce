import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { STOREFRONT_API_VERSION } from '../../src/shopify/api-version.ts';
import type { Outbound } from '../../src/shopify/transport.ts';

/**
 * A local stand-in of a shop's Storefront API, answering the operations src/shopify/ sends with
 * the shapes Shopify answers (the first product is the recorded one in
 * tests/fixtures/buy-button-fixtures.json; the rest are made alike): `products(first, after,
 * query)` with opaque cursors and pageInfo, `product(id)`, `nodes(ids)`, a wrong token answered
 * 401, and scripted faults (any status, `Retry-After`, GraphQL errors, a slow answer). Product
 * images are served under /cdn/shop/files/. Every request is recorded (operation, variables,
 * headers), so tests can check what was sent. Images whose name holds `missing` answer 404;
 * `images.delayMs` slows every image down (a cancel test's window).
 */
/** The recorded fixtures' shop (its images are on its own host), with a token of our own. */
export const STANDIN_SHOP = { domain: 'test-shop.myshopify.com', token: 'tok-standin-9f3a61c2' } as const;
export const API_PATH = `/api/${STOREFRONT_API_VERSION}/graphql.json`;

type Money = { amount: string; currencyCode: string };
export type StandinProduct = {
  id: string;
  title: string;
  handle: string;
  availableForSale: boolean;
  descriptionHtml: string;
  images: { url: string; altText: string | null }[];
  price: Money;
  compareAtPrice: Money | null;
};

export type Fault = { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number };
export type Seen = { operation: string; variables: Record<string, unknown>; headers: IncomingHttpHeaders; path: string };

type RecordedNode = {
  id: string;
  title: string;
  handle: string;
  availableForSale: boolean;
  descriptionHtml: string;
  images: { edges: { node: { src: string; altText: string | null } }[] };
  variants: { edges: { node: { price: Money; compareAtPrice: Money | null } }[] };
};

/** The recorded product of the Buy Button fixtures, with the field names the API has (`src` was the SDK's alias of `url`). */
function recordedProduct(): StandinProduct {
  const fixtures = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'buy-button-fixtures.json'), 'utf8'));
  const node = fixtures.node.response.data.node as RecordedNode;
  const variant = node.variants.edges[0]?.node;
  if (!variant) throw new Error('fixture without a variant');
  return {
    id: node.id,
    title: node.title,
    handle: node.handle,
    availableForSale: node.availableForSale,
    descriptionHtml: node.descriptionHtml,
    images: node.images.edges.map((e) => ({ url: e.node.src, altText: e.node.altText })),
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
  };
}

/** The recorded product plus `extra` made alike: ids 1002…, "Produto Shopify 2"…, every third sold out. */
export function standinCatalogue(extra = 59): StandinProduct[] {
  const first = recordedProduct();
  const made = Array.from({ length: extra }, (_, i): StandinProduct => {
    const n = i + 2;
    return {
      id: `gid://shopify/Product/${1000 + n}`,
      title: `Produto Shopify ${n}`,
      handle: `produto-shopify-${n}`,
      availableForSale: n % 3 !== 0,
      descriptionHtml: `<p>Descrição do <strong>produto ${n}</strong>.</p>`,
      images: [{ url: `https://${STANDIN_SHOP.domain}/cdn/shop/files/produto-${n}.png?v=1`, altText: `Produto ${n}` }],
      price: { amount: `${10 + n}.9`, currencyCode: 'BRL' },
      compareAtPrice: n % 2 === 0 ? { amount: `${20 + n}.0`, currencyCode: 'BRL' } : null,
    };
  });
  return [first, ...made];
}

const OPERATION = /\bquery\s+([A-Za-z_]\w*)/;
const cursorOf = (i: number) => Buffer.from(`standin:${i}`).toString('base64');
const indexOf = (cursor: unknown) => (typeof cursor === 'string' ? Number(Buffer.from(cursor, 'base64').toString().split(':')[1]) : -1);

/** Image URLs point at the stand-in (its /cdn/shop/files/), as Shopify's point at its CDN. */
const local = (url: string, origin: string) => (origin ? url.replace(/^https:\/\/[^/]+/, origin) : url);

/** What src/shopify/storefront-queries.ts selects of a product (ProductSummary). */
function summary(p: StandinProduct, origin: string) {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    availableForSale: p.availableForSale,
    featuredImage: p.images[0] ? { url: local(p.images[0].url, origin), altText: p.images[0].altText } : null,
    variants: {
      edges: [{ node: { availableForSale: p.availableForSale, price: p.price, compareAtPrice: p.compareAtPrice } }],
    },
  };
}

/** What src/shopify/import-queries.ts selects of a product (ImportedProduct). */
function full(p: StandinProduct, origin: string) {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    descriptionHtml: p.descriptionHtml,
    images: { nodes: p.images.slice(0, 21).map((img) => ({ url: local(img.url, origin), altText: img.altText })) },
    variants: { nodes: [{ price: p.price, compareAtPrice: p.compareAtPrice }] },
  };
}

export type Standin = {
  origin: string;
  products: StandinProduct[];
  seen: Seen[];
  /** Paths of the images downloaded from the stand-in's CDN. */
  imageHits: string[];
  /** Every image answers after `delayMs` from now on (0: at once). */
  images: { delayMs: number };
  /** Answers the next requests with these faults, in order, before answering normally again. */
  fail: (...faults: Fault[]) => void;
  /** The outbound option that sends the app's Storefront calls here (buildApp / createTestApp). */
  outbound: (extra?: Partial<Outbound>) => Outbound;
  close: () => Promise<void>;
};

/**
 * `localImages` (default): image URLs point at the stand-in, for the server to download them; off,
 * the product lists' images stay on the shop's host, for a browser test to answer with
 * `page.route` (the admin's CSP takes https images only), while the import operations' still point
 * at the stand-in, for the server to download.
 */
export async function startStandin(products = standinCatalogue(), opts: { localImages?: boolean } = {}): Promise<Standin> {
  const seen: Seen[] = [];
  const imageHits: string[] = [];
  const images = { delayMs: 0 };
  const faults: Fault[] = [];
  let origin = '';
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.method === 'GET' && url.pathname.startsWith('/cdn/shop/files/')) {
        imageHits.push(url.pathname);
        if (url.pathname.includes('missing')) return void res.writeHead(404).end('not found');
        const answer = () => res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        if (images.delayMs) setTimeout(answer, images.delayMs);
        else answer();
        return;
      }
      let body: { query?: string; variables?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      } catch {}
      const operation = OPERATION.exec(body.query ?? '')?.[1] ?? '';
      seen.push({ operation, variables: body.variables ?? {}, headers: req.headers, path: url.pathname });
      const fault = faults.shift();
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      if (fault) {
        const answer = () => send(fault.status, fault.body ?? { errors: [{ message: `status ${fault.status}` }] }, fault.headers);
        if (fault.delayMs) setTimeout(answer, fault.delayMs);
        else answer();
        return;
      }
      if (req.method !== 'POST' || url.pathname !== API_PATH) return send(404, { errors: [{ message: 'Not Found' }] });
      if (req.headers['x-shopify-storefront-access-token'] !== STANDIN_SHOP.token) {
        return send(401, { errors: [{ message: '', extensions: { code: 'UNAUTHORIZED' } }] });
      }
      send(200, answer(operation, body.variables ?? {}, products, opts.localImages === false ? '' : origin, origin));
    });
  });
  // Idle keep-alive sockets stay open through a test: a reused one is never one the stand-in is just closing (Node's 5 s default races with reuse).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    products,
    seen,
    imageHits,
    images,
    fail: (...f) => void faults.push(...f),
    outbound: (extra = {}) => ({ policy: { allowPrivateAddresses: true }, shopifyOrigin: origin, ...extra }),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** `origin` for the images the admin shows; `importOrigin` for those an import downloads (always the stand-in's). */
function answer(operation: string, v: Record<string, unknown>, products: StandinProduct[], origin: string, importOrigin: string) {
  if (operation === 'ProductsPage') {
    const q = typeof v.query === 'string' ? v.query.toLowerCase() : '';
    const matching = products.filter((p) => !q || p.title.toLowerCase().includes(q));
    const start = v.after ? indexOf(v.after) + 1 : 0;
    const page = matching.slice(start, start + Number(v.first));
    const edges = page.map((p, i) => ({ cursor: cursorOf(start + i), node: summary(p, origin) }));
    return {
      data: {
        products: {
          pageInfo: { hasNextPage: start + page.length < matching.length, endCursor: edges.at(-1)?.cursor ?? null },
          edges,
        },
      },
    };
  }
  if (operation === 'ImportProductsPage') {
    const start = v.after ? indexOf(v.after) + 1 : 0;
    const page = products.slice(start, start + Number(v.first));
    const end = start + page.length - 1;
    return {
      data: {
        products: {
          pageInfo: { hasNextPage: end + 1 < products.length, endCursor: page.length ? cursorOf(end) : null },
          nodes: page.map((p) => full(p, importOrigin)),
        },
      },
    };
  }
  if (operation === 'ImportProductsByIds') {
    const ids = (v.ids as string[]) ?? [];
    return { data: { nodes: ids.map((id) => products.find((x) => x.id === id)).map((p) => (p ? full(p, importOrigin) : null)) } };
  }
  if (operation === 'ProductById') {
    const p = products.find((x) => x.id === v.id);
    return { data: { product: p ? summary(p, origin) : null } };
  }
  if (operation === 'ProductsByIds') {
    const ids = (v.ids as string[]) ?? [];
    return { data: { nodes: ids.map((id) => products.find((x) => x.id === id)).map((p) => (p ? summary(p, origin) : null)) } };
  }
  return { errors: [{ message: `Field '${operation}' doesn't exist on type 'QueryRoot'`, extensions: { code: 'undefinedField' } }] };
}
