import type { LocationDto } from '../../shared/location.ts';
import type { GeoLookup } from './geoip.ts';

type Headers = Record<string, string | string[] | undefined>;

/** What a request tells about where it comes from. */
export type LocationSource = {
  headers: Headers;
  ip: string;
  /** Only headers set by a configured, trusted proxy or CDN may be believed. */
  trustProxyHeaders: boolean;
};

const first = (h: Headers, key: string): string | null => {
  const v = h[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : null;
};

const decode = (s: string | null) => {
  if (!s) return null;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Location headers of the CDNs a shop typically sits behind: Cloudflare, Vercel, CloudFront. */
function fromProxyHeaders(h: Headers): LocationDto | null {
  const candidates: LocationDto[] = [
    { city: first(h, 'cf-ipcity'), state: first(h, 'cf-region-code') ?? first(h, 'cf-region') },
    { city: decode(first(h, 'x-vercel-ip-city')), state: first(h, 'x-vercel-ip-country-region') },
    {
      city: decode(first(h, 'cloudfront-viewer-city')),
      state: first(h, 'cloudfront-viewer-country-region') ?? first(h, 'cloudfront-viewer-country-region-name'),
    },
  ];
  return candidates.find((c) => c.city || c.state) ?? null;
}

/**
 * The visitor's city and state, for the product page's delivery estimate: from trusted proxy
 * headers, else from the local GeoIP database when one is configured, else nulls.
 */
export function detectLocation(source: LocationSource, geo: GeoLookup | null): LocationDto {
  if (source.trustProxyHeaders) {
    const fromHeaders = fromProxyHeaders(source.headers);
    if (fromHeaders) return fromHeaders;
  }
  return geo?.(source.ip) ?? { city: null, state: null };
}
