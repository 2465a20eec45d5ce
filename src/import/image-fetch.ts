import { LIMITS } from '../../shared/limits.ts';
import { isAppError } from '../errors.ts';
import type { StoredImage } from '../media/file-store.ts';
import { prepareImage, saveImage, stopIfCancelled } from '../media/media.service.ts';
import { OutboundError, type OutboundFailure, type OutboundPolicy, publicFetch } from '../net/public-fetch.ts';

/** How long one image may take, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 20_000;

const REASONS: Record<OutboundFailure, string> = {
  bad_url: 'endereço de imagem inválido (use http:// ou https://)',
  private_address: 'endereço de imagem não permitido (rede interna)',
  too_large: `imagem muito grande (máx ${LIMITS.galleryMaxBytes / 1024 / 1024}MB)`,
  timeout: 'a imagem demorou demais para responder',
  too_many_redirects: 'a imagem redireciona vezes demais',
  network: 'não foi possível baixar a imagem',
};

/** An image that cannot be used, with the reason in pt-BR (the product is imported without it). */
export class ImageRefused extends Error {
  override name = 'ImageRefused';
}

const fileNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'imagem';
  } catch {
    return 'imagem';
  }
};

/**
 * Fetches an image from a public address (src/net/public-fetch.ts: no private addresses, redirects
 * checked, 5 MB, a deadline), checks and re-encodes it like an upload (jpeg, png or webp, by
 * content) and stores it staged (file-store.ts: its marker stays until `settleImages`, so a crash
 * before the commit leaves nothing the start-up sweep keeps). Refusals throw ImageRefused; a
 * cancelled signal or a failing image folder throw as they are.
 */
export async function fetchAndStoreImage(
  uploadsDir: string,
  url: string,
  opts: { signal?: AbortSignal; policy?: OutboundPolicy } = {},
): Promise<StoredImage> {
  let body: Buffer;
  try {
    const res = await publicFetch(url, {
      maxBytes: LIMITS.galleryMaxBytes,
      timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
      signal: opts.signal,
      policy: opts.policy,
      headers: { accept: 'image/webp,image/png,image/jpeg,image/*;q=0.8' },
    });
    if (res.status !== 200) throw new ImageRefused(`a imagem não pôde ser baixada (HTTP ${res.status})`);
    body = res.body;
  } catch (e) {
    stopIfCancelled(opts.signal);
    if (e instanceof OutboundError) throw new ImageRefused(REASONS[e.reason]);
    throw e;
  }
  let prepared: Awaited<ReturnType<typeof prepareImage>>;
  try {
    prepared = await prepareImage({ filename: fileNameOf(url), data: body }, { signal: opts.signal });
  } catch (e) {
    stopIfCancelled(opts.signal);
    // '{file}: formato não permitido' and the like: the content is not an image the shop takes.
    if (isAppError(e) && (e.kind === 'BAD_REQUEST' || e.kind === 'PAYLOAD_TOO_LARGE'))
      throw new ImageRefused('o arquivo não é uma imagem JPEG, PNG ou WebP válida');
    throw e;
  }
  stopIfCancelled(opts.signal);
  return saveImage(uploadsDir, prepared);
}
