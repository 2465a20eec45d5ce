import Negotiator from 'negotiator';
import type { CacheEntry } from './store.ts';

/**
 * Content negotiation of cached answers: which stored encoding goes out, and whether the client's
 * copy is current. `fresh` (what Express uses) is not used for the latter: an entry has one ETag
 * per encoding (`"<etag>-br"`), and any of them proves the client holds this entry's content.
 */
export type Encoding = 'br' | 'gzip';

type Accepted = { br: boolean; gzip: boolean };

/** Accept-Encoding values seen, parsed: browsers send one of a handful, so each is read once. */
const acceptedByHeader = new Map<string, Accepted>();

function acceptedEncodings(header: string): Accepted {
  let accepted = acceptedByHeader.get(header);
  if (accepted) return accepted;
  // negotiator reads q-values and `*` as RFC 9110 says; the shop then prefers brotli when both are acceptable.
  const acceptable = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(['br', 'gzip']);
  accepted = { br: acceptable.includes('br'), gzip: acceptable.includes('gzip') };
  // The header is the client's to choose: the memo stays small whatever it sends.
  if (acceptedByHeader.size >= 256) acceptedByHeader.clear();
  acceptedByHeader.set(header, accepted);
  return accepted;
}

/** The encoding the shop would send this client (brotli first), whether or not an entry has it yet. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = acceptedEncodings(Array.isArray(header) ? header.join(',') : header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** The best encoding the client accepts among those the entry has (q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined, entry: CacheEntry): Encoding | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const accepted = acceptedEncodings(Array.isArray(header) ? header.join(',') : header);
  if (entry.br && accepted.br) return 'br';
  if (entry.gzip && accepted.gzip) return 'gzip';
  return null;
}

/** True when If-None-Match names this entry in any of its encodings (or `*`). */
export function notModified(header: string | undefined, entry: CacheEntry): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    return tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === entry.etag;
  });
}
