import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSENT_REVEAL_SCRIPT } from '../../client/consent/consent-keys.ts';
import { configuredTags, TAG_KEYS, TAG_RULES, type TagKey } from '../../shared/tracking-tags.ts';
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
 * - analytics and ads tags (shared/tracking-tags.ts): a tag's script, connect and image hosts are
 *   named only while the owner has set its id; with none set, no outside script can run. The
 *   consent script (client/consent/) loads them only after the shopper's consent.
 */
export function contentSecurityPolicy(opts: PolicySources & { https: boolean }): string {
  // Built once per (shop origin, tags, scheme): every page and every cache hit of a page sends it.
  const key = `${opts.https ? 's' : 'p'}${opts.tags.join(',')}|${opts.shopOrigin ?? ''}`;
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

/** The banner's one inline line (client/consent/consent-keys.ts), allowed by its hash while the banner is written (any tag set). */
const CONSENT_REVEAL_HASH = `'sha256-${createHash('sha256').update(CONSENT_REVEAL_SCRIPT).digest('base64')}'`;

/** The hosts the configured tags need for one kind of request, each once. */
const tagHosts = (tags: TagKey[], kind: 'script' | 'connect' | 'img') => [...new Set(tags.flatMap((t) => TAG_RULES[t].hosts[kind]))];

function buildPolicy(opts: PolicySources & { https: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(opts.tags.length ? [CONSENT_REVEAL_HASH] : []), ...tagHosts(opts.tags, 'script')],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...SHOPIFY_IMAGE_HOSTS,
      ...(opts.shopOrigin ? [opts.shopOrigin] : []),
      ...tagHosts(opts.tags, 'img'),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(opts.shopOrigin ? [opts.shopOrigin] : []), ...tagHosts(opts.tags, 'connect')],
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

/**
 * What the page policy names besides the shop itself: https://<shop host> of the Storefront API the
 * pages talk to (null while no shop is set) and the analytics and ads tags with an id set.
 */
export type PolicySources = { shopOrigin: string | null; tags: TagKey[] };

/** The public cache's memo of the policy's sources (read synchronously by cache hits: early-hit.ts). */
export const POLICY_SOURCES_MEMO = 'csp-sources';

export async function currentPolicySources(app: FastifyInstance): Promise<PolicySources> {
  // Read once per cache generation (every committed write starts a new one), not per page.
  return app.publicCache.memo(POLICY_SOURCES_MEMO, () => readPolicySources(app));
}

async function readPolicySources(app: FastifyInstance): Promise<PolicySources> {
  const row = await loadSettingsRow(app.db.fork());
  const { shopify_domain } = effectiveShopify(row, {
    shopifyDomain: app.config.shopify.domain,
    shopifyToken: app.config.shopify.token,
  });
  const tags = configuredTags(row);
  return { shopOrigin: shopify_domain ? `https://${shopify_domain}` : null, tags: TAG_KEYS.filter((k) => tags[k]) };
}

/** The header for an HTML answer to `req`, computed from the settings as they are now. */
export async function pagePolicy(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  return contentSecurityPolicy({ ...(await currentPolicySources(app)), https: req.protocol === 'https' });
}
