import type { Crumb, PageHead, SiteHead } from '../../client/entry-server.tsx';

type ProductHead = Extract<PageHead, { kind: 'product' }>;

/** How many reviews the Product JSON-LD quotes (the page shows them all). */
const QUOTED_REVIEWS = 3;

const CONTEXT = 'https://schema.org';

export function breadcrumbLd(crumbs: Crumb[], abs: (path: string) => string) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: abs(c.path) })),
  };
}

/** schema.org Product with its offer and, when it has reviews, its rating and a few reviews. */
export function productLd(h: ProductHead, abs: (path: string) => string, images: string[]) {
  const { product, reviews } = h;
  const url = abs(h.path);
  const rated = reviews && reviews.stats.total > 0;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.title,
    ...(product.description ? { description: product.description } : {}),
    ...(images.length ? { image: images } : {}),
    sku: String(product.id),
    url,
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: h.site.currency,
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
      seller: { '@type': 'Organization', name: h.site.title },
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.stats.average,
            reviewCount: reviews.stats.total,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.reviews.slice(0, QUOTED_REVIEWS).map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.reviewer_name },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            ...(r.review_text ? { reviewBody: r.review_text } : {}),
          })),
        }
      : {}),
  };
}

/**
 * The shop as an Organization, with the law's information the owner gave (Decreto 7.962/2013,
 * art. 2): legalName, taxID (the formatted CNPJ or CPF), a PostalAddress, email and telephone.
 */
export function organizationLd(site: SiteHead, abs: (path: string) => string, logo: string | null) {
  const { legal } = site;
  const address = legal.address
    ? {
        address: {
          '@type': 'PostalAddress',
          ...(legal.street ? { streetAddress: legal.street } : {}),
          ...(legal.city ? { addressLocality: legal.city } : {}),
          ...(legal.state ? { addressRegion: legal.state } : {}),
          ...(legal.postalCode ? { postalCode: legal.postalCode } : {}),
          addressCountry: 'BR',
        },
      }
    : {};
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: site.title,
    url: abs('/'),
    ...(logo ? { logo } : {}),
    ...(legal.legalName ? { legalName: legal.legalName } : {}),
    ...(legal.taxIdNumber ? { taxID: legal.taxIdNumber } : {}),
    ...address,
    ...(legal.email ? { email: legal.email } : {}),
    ...(legal.phoneDial ? { telephone: legal.phoneDial } : {}),
  };
}

/** The home page's Organization and WebSite. */
export function homeLd(site: SiteHead, abs: (path: string) => string, logo: string | null) {
  const url = abs('/');
  return [
    organizationLd(site, abs, logo),
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: site.title,
      url,
      inLanguage: site.locale,
      ...(site.description ? { description: site.description } : {}),
    },
  ];
}
