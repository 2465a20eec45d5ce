import type { OutboundPolicy } from '../net/public-fetch.ts';

/**
 * How the server reaches the Shopify shop. Production uses the defaults: the shop's own
 * `https://{domain}`, public addresses only. Tests hand a local stand-in of the Storefront API to
 * `buildApp({ outbound })` (never from the environment or a setting, so no deployment can aim the
 * server at its own network): `policy.allowPrivateAddresses` lets the request reach 127.0.0.1 and
 * `shopifyOrigin` replaces `https://{domain}` with the stand-in's address.
 */
export type Outbound = {
  policy?: OutboundPolicy;
  /** e.g. `http://127.0.0.1:40123`: where the Storefront API is answered instead of the shop's domain. */
  shopifyOrigin?: string;
  /** Deadline of one Storefront API call (default STOREFRONT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Longest `Retry-After` waited for before giving up on a throttled call (default 10 s). */
  maxRetryWaitMs?: number;
};

export const STOREFRONT_TIMEOUT_MS = 15_000;
/** The largest Storefront answer taken (a page of 50 products is a few tens of KB). */
export const STOREFRONT_MAX_BYTES = 4 * 1024 * 1024;
/** Throttled (429) calls are tried again at most this many times. */
export const STOREFRONT_MAX_RETRIES = 2;
export const STOREFRONT_MAX_RETRY_WAIT_MS = 10_000;
