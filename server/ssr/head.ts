import type { PageHead } from '../../client/entry-server.tsx';
import { imageUrl } from '../../shared/image-url.ts';
import { hasVariants, PHONE_MEDIA, variantSrcset, WIDE_MEDIA } from '../../shared/image-variants.ts';
import type { Locale } from '../../shared/locales.ts';
import { type ImageSize, uploadedImageSize } from '../../src/media/image-size.ts';
import { breadcrumbLd, homeLd, organizationLd, productLd } from './json-ld.ts';

/** One `<meta>`: Open Graph and product tags use `property`, the others `name`. */
export type MetaTag = { property: string; content: string } | { name: string; content: string };
/** The LCP image's preload: its AVIF variants with the `sizes` the page draws them at (for `media` only). */
export type ImagePreload = { type: 'image/avif'; srcset: string; sizes: string; media?: string };
/** The search-engine and link-preview part of a document head, and the LCP preloads (html.ts writes them). */
export type HeadSeo = { canonical: string | null; meta: MetaTag[]; jsonLd: unknown[]; preload?: ImagePreload[] };

/**
 * Only the LCP image is preloaded, and only when it has variants: browsers without AVIF skip a
 * preload of that type and find the WebP source in the markup instead. A banner with a phone
 * image has two LCP candidates: each is preloaded for its own viewport only (`media`, the same
 * queries as the carousel's <source>), so a phone never fetches the desktop image, nor the reverse.
 */
export function lcpPreload(head: PageHead): ImagePreload[] {
  const lcp = 'lcp' in head ? head.lcp : null;
  if (!lcp) return [];
  const url = imageUrl(lcp.url);
  const phone = lcp.phoneUrl ? imageUrl(lcp.phoneUrl) : '';
  const preload = (u: string, media?: string): ImagePreload[] =>
    hasVariants(u)
      ? [{ type: 'image/avif', srcset: variantSrcset(u, 'avif', lcp.sizes), sizes: lcp.sizes, ...(media ? { media } : {}) }]
      : [];
  if (!phone) return preload(url);
  return [...preload(phone, PHONE_MEDIA), ...preload(url, WIDE_MEDIA)];
}

const OG_LOCALES: Record<Locale, string> = { 'pt-BR': 'pt_BR', en: 'en_US', es: 'es_ES', de: 'de_DE', fr: 'fr_FR', ja: 'ja_JP' };

type Options = {
  origin: string;
  status: number;
  /** The page's meta description, as the renderer computed it. */
  description: string;
  uploadsDir: string;
};

type Preview = { type: 'website' | 'product'; title: string; image: string | null; imageAlt: string };

/**
 * Canonical URL, Open Graph, Twitter and JSON-LD of a storefront page. A page that answers 404
 * gets only `noindex`; a locked store's page (kind `bare`) gets nothing that names its catalogue.
 */
export async function pageSeo(head: PageHead, o: Options): Promise<HeadSeo> {
  if (o.status === 404 || head.kind === 'not-found') return { canonical: null, meta: [{ name: 'robots', content: 'noindex' }], jsonLd: [] };
  if (head.kind === 'bare') return { canonical: null, meta: [], jsonLd: [] };
  const abs = (path: string) => `${o.origin}${path}`;
  const absImage = (url: string) => (/^https?:\/\//i.test(url) ? url : abs(imageUrl(url)));
  const canonical = abs(head.path);

  let preview: Preview;
  let jsonLd: unknown[];
  const extra: MetaTag[] = [];
  if (head.kind === 'product') {
    const { product } = head;
    const images = product.images.map(absImage);
    preview = { type: 'product', title: product.title, image: product.images[0] ?? null, imageAlt: product.title };
    jsonLd = [productLd(head, abs, images), breadcrumbLd(head.breadcrumb, abs)];
    extra.push(
      { property: 'product:price:amount', content: product.price },
      { property: 'product:price:currency', content: head.site.currency },
    );
  } else if (head.kind === 'legal') {
    preview = { type: 'website', title: head.name, image: null, imageAlt: head.name };
    const logo = head.site.logoUrl || null;
    jsonLd = [organizationLd(head.site, abs, logo && absImage(logo)), breadcrumbLd(head.breadcrumb, abs)];
  } else if (head.kind === 'collection') {
    preview = { type: 'website', title: head.name, image: head.image, imageAlt: head.name };
    jsonLd = [breadcrumbLd(head.breadcrumb, abs)];
  } else {
    const logo = head.site.logoUrl || null;
    preview = { type: 'website', title: head.site.title, image: head.image, imageAlt: head.site.title };
    jsonLd = homeLd(head.site, abs, logo && absImage(logo));
  }

  const size = preview.image ? await uploadedImageSize(o.uploadsDir, imageUrl(preview.image)) : null;
  const image = preview.image ? absImage(preview.image) : null;
  const meta: MetaTag[] = [
    { property: 'og:type', content: preview.type },
    { property: 'og:site_name', content: head.site.title },
    { property: 'og:locale', content: OG_LOCALES[head.site.locale] ?? 'pt_BR' },
    { property: 'og:title', content: preview.title },
    ...(o.description ? [{ property: 'og:description', content: o.description }] : []),
    { property: 'og:url', content: canonical },
    ...(image ? imageTags(image, size, preview.imageAlt) : []),
    ...extra,
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: preview.title },
    ...(o.description ? [{ name: 'twitter:description', content: o.description }] : []),
    ...(image
      ? [
          { name: 'twitter:image', content: image },
          { name: 'twitter:image:alt', content: preview.imageAlt },
        ]
      : []),
  ];
  return { canonical, meta, jsonLd, preload: lcpPreload(head) };
}

/** og:image with its size when known (uploads are measured once; http images are not fetched). */
function imageTags(image: string, size: ImageSize | null, alt: string): MetaTag[] {
  return [
    { property: 'og:image', content: image },
    ...(size
      ? [
          { property: 'og:image:width', content: String(size.width) },
          { property: 'og:image:height', content: String(size.height) },
        ]
      : []),
    { property: 'og:image:alt', content: alt },
  ];
}
