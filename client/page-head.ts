import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { ProductCardDto, ProductDto } from '../shared/catalog.ts';
import { COLLECTION_PARAM, collectionPath, FEATURED_PATH } from '../shared/catalog-paths.ts';
import { IMAGE_SIZES } from '../shared/image-variants.ts';
import { type LegalView, legalView } from '../shared/legal-info.ts';
import { LEGAL_PAGES, legalPath } from '../shared/legal-pages.ts';
import type { Locale } from '../shared/locales.ts';
import type { ReviewListDto } from '../shared/reviews.ts';
import type { Settings } from '../shared/settings.ts';
import { collectionPageQuery, parseCollectionSearch } from './storefront/collection/collection-search.ts';
import { collectionLabel } from './storefront/common/collection-label.ts';
import { LEGAL_TITLES } from './storefront/legal/legal-titles.ts';
import type { Trpc } from './trpc.ts';

export type Crumb = { name: string; path: string };
/**
 * The page's LCP image, as the page draws it: the head preloads it with the same `sizes`.
 * `phoneUrl`: the image drawn instead below 768 px (a banner's phone image).
 */
export type LcpImage = { url: string; sizes: string; phoneUrl?: string };
/** `legal`: the law's information (name, CNPJ/CPF, address, contact) for the Organization JSON-LD. */
export type SiteHead = { title: string; description: string; logoUrl: string; locale: Locale; currency: string; legal: LegalView };

/**
 * What the document head says about a page (the server turns it into meta tags and JSON-LD).
 * `bare` (a locked store, or a page whose data could not be read) and `not-found` carry no
 * catalogue data at all.
 */
export type PageHead =
  | { kind: 'bare' }
  | { kind: 'not-found' }
  | { kind: 'home'; site: SiteHead; path: '/'; image: string | null; lcp: LcpImage | null }
  | { kind: 'collection'; site: SiteHead; path: string; name: string; image: string | null; breadcrumb: Crumb[]; lcp: LcpImage | null }
  | { kind: 'legal'; site: SiteHead; path: string; name: string; breadcrumb: Crumb[] }
  | {
      kind: 'product';
      site: SiteHead;
      path: string;
      product: ProductDto;
      reviews: ReviewListDto | null;
      breadcrumb: Crumb[];
      lcp: LcpImage | null;
    };

export type HeadInfo = { title: string; description: string; head: PageHead };

const NOT_FOUND = {
  '/produto/:slug': msg`Produto não encontrado`,
  '/colecao/:slug': msg`Coleção não encontrada`,
  page: msg`Página não encontrada`,
};

/** A meta description: whitespace collapsed, at most about 160 characters, cut at a word. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

/** A product card's image (ProductCard draws the same). */
const cardImage = (p: ProductCardDto | undefined): LcpImage | null => (p ? lcpOf(p.image_url, IMAGE_SIZES.card) : null);
const lcpOf = (url: string | null | undefined, sizes: string): LcpImage | null => (url ? { url, sizes } : null);

type Input = {
  i18n: I18n;
  trpc: Trpc;
  qc: QueryClient;
  settings: Settings | null;
  siteTitle: string;
  /** The matched route's pattern and slug, or null for an unknown path. */
  route: { path: string; slug: string; search: URLSearchParams } | null;
  missing: boolean;
};

/** Title, description and head data of a rendered storefront page, read from the query cache. */
export function pageHead({ i18n, trpc, qc, settings, siteTitle, route, missing }: Input): HeadInfo {
  const titled = (name: string) => `${name} | ${siteTitle}`;
  if (!settings) return { title: siteTitle, description: '', head: { kind: 'bare' } };
  const description = settings.site_description;
  if (missing || !route) {
    const text = i18n._(route && route.path in NOT_FOUND ? NOT_FOUND[route.path as keyof typeof NOT_FOUND] : NOT_FOUND.page);
    return { title: titled(text), description, head: { kind: 'not-found' } };
  }
  const site: SiteHead = {
    title: siteTitle,
    description,
    logoUrl: settings.logo_url,
    locale: settings.locale as Locale,
    currency: settings.currency,
    legal: legalView(settings),
  };
  const home = { name: i18n._(msg`Início`), path: '/' };
  if (route.path === '/produto/:slug') {
    const product = qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: route.slug }));
    if (product) {
      const path = `/produto/${encodeURIComponent(product.slug)}`;
      const reviews = qc.getQueryData(trpc.reviews.list.queryKey({ product_id: product.id })) ?? null;
      return {
        title: titled(product.title),
        description: excerpt(product.description) || description,
        head: {
          kind: 'product',
          site,
          path,
          product,
          reviews,
          breadcrumb: [home, { name: product.title, path }],
          lcp: lcpOf(product.images[0] ?? product.image_url, IMAGE_SIZES.gallery),
        },
      };
    }
  }
  if (route.path === '/colecao/:slug' || route.path === FEATURED_PATH) {
    // The very query the page reads (its sort, filters and pages come from the URL).
    const page = qc.getQueryData(collectionPageQuery(trpc, route.slug, route.search).queryKey)?.pages[0];
    if (page) {
      const name = collectionLabel(i18n, page.collection);
      const path = collectionPath(page.collection.slug);
      const titles = page.products.slice(0, 6).map((p) => p.title);
      // Each page past the first is its own page (its own products): canonical to itself; sorts
      // and filters are views of the same pages and name the unfiltered one. A page past the last
      // (no products) names the collection.
      const { page: n } = parseCollectionSearch(route.search);
      return {
        title: titled(name),
        description: titles.length ? excerpt(`${name}: ${titles.join(', ')}`) : description,
        head: {
          kind: 'collection',
          site,
          path: n > 1 && page.products.length > 0 ? `${path}?${COLLECTION_PARAM.page}=${n}` : path,
          name,
          image: page.products[0]?.image_url || null,
          breadcrumb: [home, { name, path }],
          lcp: cardImage(page.products[0]),
        },
      };
    }
  }
  const legal = LEGAL_PAGES.find((slug) => legalPath(slug) === route.path);
  if (legal) {
    const name = i18n._(LEGAL_TITLES[legal]);
    const path = legalPath(legal);
    return { title: titled(name), description, head: { kind: 'legal', site, path, name, breadcrumb: [home, { name, path }] } };
  }
  if (route.path === '/') {
    // The link preview shows the first banner, else the logo.
    const first = qc.getQueryData(trpc.content.banners.queryKey())?.[0];
    const banner = first?.image_url;
    // The LCP image: the first banner (with its phone image), else the first product card (HomePage gives it priority).
    const homeData = qc.getQueryData(trpc.catalog.home.queryKey());
    const lcp = banner
      ? { url: banner, sizes: IMAGE_SIZES.banner, ...(first.mobile_image_url ? { phoneUrl: first.mobile_image_url } : {}) }
      : cardImage(homeData?.featured[0] ?? homeData?.sections[0]?.products[0]);
    return { title: siteTitle, description, head: { kind: 'home', site, path: '/', image: banner || settings.logo_url || null, lcp } };
  }
  return { title: siteTitle, description, head: { kind: 'bare' } };
}
