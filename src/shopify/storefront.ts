import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { SHOPIFY_MESSAGES as M } from '../../shared/shopify.ts';
import type { Logger } from '../context.ts';
import { AppError } from '../errors.ts';
import { asFetch, OutboundError } from '../net/public-fetch.ts';
import { STOREFRONT_API_VERSION } from './api-version.ts';
import {
  type Outbound,
  STOREFRONT_MAX_BYTES,
  STOREFRONT_MAX_RETRIES,
  STOREFRONT_MAX_RETRY_WAIT_MS,
  STOREFRONT_TIMEOUT_MS,
} from './transport.ts';

/** A shop the server may ask: a bare host name and its public Storefront token. */
export type ShopConnection = { domain: string; token: string };

/** Where and how one call goes: the shop, the transport (tests: a stand-in) and a logger. */
export type StorefrontCaller = { shop: ShopConnection; outbound: Outbound; log: Logger };

type GraphQLError = { message?: string; extensions?: { code?: string } };
type Answer = { status: number | null; data: unknown; graphQLErrors: GraphQLError[]; retryAfter: string | null; failure: unknown };

/**
 * One GraphQL call to the shop's Storefront API with Shopify's client, pinned to
 * STOREFRONT_API_VERSION, over `publicFetch` (public addresses only, size and time capped).
 * A throttled call (429, or a THROTTLED GraphQL error) is tried again after its `Retry-After`, at
 * most STOREFRONT_MAX_RETRIES times; everything else Shopify or the network can do becomes an
 * AppError with a Portuguese message (shared/shopify.ts). The token travels only in the request
 * header: the client's own log events (which carry the headers) are dropped, and our log lines
 * name the domain, the status and Shopify's error texts, never the token.
 */
export async function storefrontQuery<T>(caller: StorefrontCaller, query: string, variables: Record<string, unknown>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await callOnce(caller, query, variables);
    const throttled =
      answer.status === 429 || answer.status === 430 || answer.graphQLErrors.some((e) => e.extensions?.code === 'THROTTLED');
    if (throttled) {
      const waitMs = retryAfterMs(answer.retryAfter);
      const maxWait = caller.outbound.maxRetryWaitMs ?? STOREFRONT_MAX_RETRY_WAIT_MS;
      caller.log.warn({ shopify: { domain: caller.shop.domain, status: answer.status, attempt, waitMs } }, 'shopify throttled');
      if (attempt < STOREFRONT_MAX_RETRIES && waitMs <= maxWait) {
        await new Promise((r) => setTimeout(r, waitMs));
        continue;
      }
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_REQUESTS', seconds > 1 ? M.throttledFor(seconds) : M.throttled);
    }
    return judge<T>(caller, answer);
  }
}

async function callOnce(caller: StorefrontCaller, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const { shop, outbound } = caller;
  const send = asFetch({ maxBytes: STOREFRONT_MAX_BYTES, timeoutMs: outbound.timeoutMs ?? STOREFRONT_TIMEOUT_MS, policy: outbound.policy });
  let failure: unknown = null;
  const client = createStorefrontApiClient({
    storeDomain: shop.domain,
    apiVersion: STOREFRONT_API_VERSION,
    publicAccessToken: shop.token,
    clientName: 'loja-admin',
    retries: 0,
    customFetchApi: async (url, init) => {
      try {
        return await send(rebase(url, outbound.shopifyOrigin), init as RequestInit);
      } catch (e) {
        failure = e;
        throw e;
      }
    },
    // Its events carry the request headers (the token): only the version warning is kept.
    logger: (event) => {
      if (event.type === 'Unsupported_Api_Version')
        caller.log.warn({ shopify: { apiVersion: STOREFRONT_API_VERSION } }, 'shopify api version unsupported');
    },
  });
  const res = await client.request(query, { variables });
  const response = res.errors?.response;
  return {
    status: failure ? null : (res.errors?.networkStatusCode ?? 200),
    data: res.data ?? null,
    graphQLErrors: (res.errors?.graphQLErrors as GraphQLError[] | undefined) ?? [],
    retryAfter: response?.headers.get('retry-after') ?? null,
    failure,
  };
}

/** The stand-in's origin in place of `https://{domain}` (tests only, see transport.ts). */
function rebase(url: string, origin: string | undefined): string {
  if (!origin) return url;
  const u = new URL(url);
  return `${origin}${u.pathname}${u.search}`;
}

/** `Retry-After` in seconds (Shopify sends "1.0" or "2"); 1 s when absent or unreadable. */
function retryAfterMs(raw: string | null): number {
  const seconds = raw === null ? Number.NaN : Number.parseFloat(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : 1000;
}

function judge<T>(caller: StorefrontCaller, a: Answer): T {
  const where = { domain: caller.shop.domain, status: a.status };
  if (a.failure) {
    const reason = a.failure instanceof OutboundError ? a.failure.reason : 'network';
    caller.log.warn({ shopify: { ...where, reason } }, 'shopify unreachable');
    if (reason === 'timeout') throw new AppError('UNAVAILABLE', M.timeout);
    if (reason === 'too_large') throw new AppError('UNAVAILABLE', M.refused);
    throw new AppError('UNAVAILABLE', M.unreachable);
  }
  const status = a.status ?? 0;
  if (status !== 200) caller.log.warn({ shopify: where }, 'shopify refused');
  if (status === 401 || status === 403) throw new AppError('BAD_REQUEST', M.badToken);
  if (status === 404) throw new AppError('BAD_REQUEST', M.badDomain);
  if (status === 402 || status === 423 || status >= 500) throw new AppError('UNAVAILABLE', M.unavailable);
  if (status !== 200) throw new AppError('UNAVAILABLE', M.refused);
  if (a.graphQLErrors.length > 0) {
    const messages = a.graphQLErrors.map((e) => String(e.message ?? '').slice(0, 200));
    caller.log.warn({ shopify: { ...where, errors: messages } }, 'shopify graphql errors');
    if (a.graphQLErrors.some((e) => e.extensions?.code === 'ACCESS_DENIED')) throw new AppError('BAD_REQUEST', M.badToken);
    throw new AppError('UNAVAILABLE', M.refused);
  }
  if (a.data === null) throw new AppError('UNAVAILABLE', M.refused);
  return a.data as T;
}
