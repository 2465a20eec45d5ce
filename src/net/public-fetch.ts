import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Every request the server makes on someone's behalf (an image URL from a CSV, the Shopify
 * Storefront API at the domain the owner typed, a product image on Shopify's CDN) goes through
 * here, so none of them can be aimed at this machine, the cloud's metadata service
 * (169.254.169.254) or the LAN:
 *
 * - only `http:` and `https:` URLs, no credentials in them;
 * - the address is checked when the socket connects, after DNS (`request-filtering-agent`, a
 *   maintained http.Agent built on ipaddr.js: private, loopback, link-local, reserved and meta
 *   addresses are refused), so a name that resolves to 127.0.0.1, or one that changes its answer
 *   between a check and the connection (DNS rebinding), is refused too;
 * - redirects are followed by hand, at most `maxRedirects`, each target checked like the first;
 * - an answer larger than `maxBytes` is cut off (by `Content-Length`, or while it streams), and the
 *   whole exchange has a deadline (`timeoutMs`) and follows the caller's `signal`.
 *
 * Node's own `fetch` (undici) takes no http.Agent, hence node:http here; `asFetch` wraps it as a
 * `fetch` for clients that take one (`@shopify/storefront-api-client`'s `customFetchApi`).
 */

export type OutboundFailure =
  | 'bad_url' // not http(s), unparsable, or with credentials
  | 'private_address' // resolves to an address the server must not reach
  | 'too_large' // the answer is larger than allowed
  | 'timeout' // no complete answer within the deadline
  | 'too_many_redirects'
  | 'network'; // DNS failure, refused connection, reset, TLS error…

export class OutboundError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

export type OutboundPolicy = {
  /**
   * Lets requests reach loopback and private addresses. For tests that answer from a local
   * stand-in only: never set from configuration, so no deployment can turn the guard off.
   */
  allowPrivateAddresses?: boolean;
};

export type PublicFetchOptions = {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Largest answer body taken, in bytes. */
  maxBytes: number;
  /** Deadline for the whole exchange, redirects included. */
  timeoutMs: number;
  /** Redirects followed (each target checked); 0 answers the redirect itself. Default 3. */
  maxRedirects?: number;
  signal?: AbortSignal;
  policy?: OutboundPolicy;
};

export type PublicResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
};

const agents = new Map<string, http.Agent>();

/** One keep-alive agent per scheme and policy: connections to Shopify are reused across calls. */
function agentFor(protocol: 'http:' | 'https:', policy: OutboundPolicy | undefined): http.Agent {
  const key = `${protocol}${policy?.allowPrivateAddresses ? ':private' : ''}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 8, allowPrivateIPAddress: policy?.allowPrivateAddresses === true };
    agent = protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Parses and checks a URL the server is asked to fetch. */
export function outboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad_url', `scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new OutboundError('bad_url', 'credentials in the URL refused');
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches a public URL within the limits above; any HTTP status is an answer (the caller judges it). */
export async function publicFetch(raw: string, o: PublicFetchOptions): Promise<PublicResponse> {
  const deadline = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  let url = outboundUrl(raw);
  let method = o.method ?? 'GET';
  let body = o.body;
  for (let hop = 0; ; hop++) {
    const res = await exchange(url, { ...o, method, body }, signal, deadline);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location || (o.maxRedirects ?? 3) === 0) return res;
    if (hop >= (o.maxRedirects ?? 3)) throw new OutboundError('too_many_redirects', `more than ${o.maxRedirects ?? 3} redirects`);
    url = outboundUrl(new URL(location, url).href);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

function exchange(url: URL, o: PublicFetchOptions, signal: AbortSignal, deadline: AbortSignal): Promise<PublicResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal, deadline));
    const protocol = url.protocol as 'http:' | 'https:';
    const send = protocol === 'https:' ? https.request : http.request;
    const headers: Record<string, string> = { 'user-agent': 'loja-server', ...o.headers };
    if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
    const req = send(url, { method: o.method, headers, agent: agentFor(protocol, o.policy), signal }, (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > o.maxBytes) {
        res.destroy();
        return reject(new OutboundError('too_large', `answer of ${declared} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) {
          res.destroy();
          reject(new OutboundError('too_large', `answer over ${o.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.href }));
      res.on('error', (err) => reject(failure(err, signal, deadline)));
    });
    req.on('error', (err) => reject(failure(err, signal, deadline)));
    req.end(o.body);
  });
}

function abortReason(signal: AbortSignal, deadline: AbortSignal): Error {
  if (deadline.aborted) return new OutboundError('timeout', 'no answer in time');
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

function failure(err: Error, signal: AbortSignal, deadline: AbortSignal): Error {
  if (err instanceof OutboundError) return err;
  if (signal.aborted) return abortReason(signal, deadline);
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(…) is not allowed. Because, It is private IP address."
  if (/is not allowed/.test(err.message)) return new OutboundError('private_address', err.message);
  return new OutboundError('network', err.message);
}

/**
 * A `fetch` over `publicFetch`, for clients that take one. Redirects are followed (checked);
 * the body is buffered within `maxBytes`.
 */
export function asFetch(limits: Omit<PublicFetchOptions, 'method' | 'headers' | 'body' | 'signal'>): typeof fetch {
  return async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') throw new OutboundError('bad_url', `method ${method} refused`);
    const body =
      typeof init?.body === 'string'
        ? init.body
        : init?.body == null
          ? undefined
          : Buffer.from(await new Response(init.body).arrayBuffer());
    const res = await publicFetch(href, { ...limits, method, headers, body, signal: init?.signal ?? undefined });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) out.append(k, x);
      else if (v !== undefined) out.set(k, v);
    }
    const nullBody = method === 'HEAD' || res.status === 204 || res.status === 304;
    return new Response(nullBody ? null : new Uint8Array(res.body), { status: res.status, headers: out });
  };
}
