import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSettingsRow } from '../../src/settings/settings.repo.ts';
import { effectiveShopify } from '../../src/settings/settings.service.ts';

/**
 * The Content-Security-Policy of every HTML page (storefront and admin), allowing exactly what they
 * load:
 * - scripts: our own hashed bundles only. The server state (`#__STATE__`) and JSON-LD are
 *   `application/json` / `application/ld+json` data blocks, never executed, so no inline-script
 *   exception (nonce or hash) is needed and cached HTML stays valid for every visitor.
 * - styles: our own CSS plus inline styles: Mantine writes <style> tags and both apps set style
 *   attributes; the Buy Button SDK draws in about:blank iframes (which inherit this policy) and
 *   writes its CSS into them.
 * - images: ours (uploads, variants, the placeholder), data: (inline SVG in CSS) and blob: (the
 *   admin's previews of chosen files), and Shopify's: product images from cdn.shopify.com or the
 *   shop's own host (`/cdn/shop/files/`), the Buy Button's `no-image.jpg` from sdks.shopifycdn.com
 *   (protocol-relative, so scheme-less). Every image the shop stores is an upload: no setting
 *   holds an external image URL, so no other host is needed, and a value that slipped into CSS
 *   cannot make visitors' browsers fetch a tracking image elsewhere.
 * - connect: ours, and the shop's Storefront API host (from the current settings, or the
 *   SHOPIFY_DOMAIN configuration while the settings leave it empty).
 * - frames: the SDK's frames are about:blank (allowed by 'self'); checkout opens in a new window.
 */
export function contentSecurityPolicy(opts: { shopOrigin: string | null; https: boolean }): string {
  // Built once per (shop origin, scheme): every page and every cache hit of a page sends it.
  const key = `${opts.https ? 's' : 'p'}${opts.shopOrigin ?? ''}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    if (policies.size >= 32) policies.clear();
    policy = buildPolicy(opts);
    policies.set(key, policy);
  }
  return policy;
}

const policies = new Map<string, string>();

/** Where the Buy Button's images come from (shared/buy-button/README.md: product images, cart placeholder). */
const SHOPIFY_IMAGE_HOSTS = ['https://cdn.shopify.com', 'sdks.shopifycdn.com'];

function buildPolicy(opts: { shopOrigin: string | null; https: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...SHOPIFY_IMAGE_HOSTS, ...(opts.shopOrigin ? [opts.shopOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(opts.shopOrigin ? [opts.shopOrigin] : [])],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  // Over TLS, any http: URL a page still holds is fetched over https instead of being blocked as mixed content.
  if (opts.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** The public cache's memo of the shop's origin (read synchronously by cache hits: public-cache.ts). */
export const SHOP_ORIGIN_MEMO = 'csp-shop-origin';

/** https://<shop host> of the Storefront API the pages talk to, or null while no shop is set. */
export async function currentShopOrigin(app: FastifyInstance): Promise<string | null> {
  // Read once per cache generation (every committed write starts a new one), not per page.
  return app.publicCache.memo(SHOP_ORIGIN_MEMO, () => readShopOrigin(app));
}

async function readShopOrigin(app: FastifyInstance): Promise<string | null> {
  const row = await loadSettingsRow(app.db.fork());
  const { shopify_domain } = effectiveShopify(row, {
    shopifyDomain: app.config.shopify.domain,
    shopifyToken: app.config.shopify.token,
  });
  return shopify_domain ? `https://${shopify_domain}` : null;
}

/** The header for an HTML answer to `req`, computed from the settings as they are now. */
export async function pagePolicy(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  return contentSecurityPolicy({ shopOrigin: await currentShopOrigin(app), https: req.protocol === 'https' });
}
