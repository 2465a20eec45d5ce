import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CollectionCursor, CollectionFilters } from '../../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../../shared/catalog-paths.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { isSlug } from '../../../shared/text-rules.ts';
import { useTRPC } from '../../trpc.ts';
import { collectionLabel } from '../common/collection-label.ts';
import { useSettings } from '../common/hooks.ts';
import { NotFound } from '../common/NotFound.tsx';
import { useCurrentSlug } from '../common/use-current-slug.ts';
import { ProductGrid } from '../product/ProductGrid.tsx';
import { Link, useParams, useSearchParams } from '../router.tsx';
import { ActiveFilters } from './ActiveFilters.tsx';
import classes from './CollectionPage.module.css';
import { CollectionToolbar } from './CollectionToolbar.tsx';
import { collectionPageQuery, collectionSearch, parseCollectionSearch } from './collection-search.ts';
import { ViewMore } from './ViewMore.tsx';

/**
 * Collection page (spec §2): breadcrumb, translated name, sort and filters, the products of pages
 * 1..n and 'Ver mais'. Everything lives in the URL, so the server renders the same page; with
 * JavaScript, sorting, filtering and 'Ver mais' happen in place.
 */
export function CollectionPage() {
  const { slug = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const settings = useSettings();
  const gridRef = useRef<HTMLDivElement>(null);
  // After 'Ver mais': the index of the first new product, focused as soon as it is on screen.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    const card = index === null ? undefined : gridRef.current?.querySelectorAll('article')[index];
    if (!card) return;
    focusFrom.current = null;
    card.querySelector<HTMLElement>(':scope > a')?.focus({ preventScroll: true });
  });
  const { filters } = parseCollectionSearch(search);
  // No slug: the featured listing (FEATURED_PATH), the products without a collection.
  const valid = slug === FEATURED_SLUG || isSlug(slug);
  const query = useInfiniteQuery({
    ...collectionPageQuery(trpc, slug, search),
    enabled: valid,
    // While another sort or filter loads, the products shown stay (dimmed) instead of a blank page.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[1]?.input as { slug?: string } | undefined)?.slug === slug ? previous : undefined,
  });
  useCurrentSlug('/colecao', slug, query.data?.pages[0]?.collection.slug);
  if (!settings) return null;
  if (valid && query.isPending) {
    return (
      <p className={classes.status}>
        <Trans>Carregando...</Trans>
      </p>
    );
  }
  const data = query.data;
  const first = data?.pages[0];
  if (!data || !first) {
    return (
      <NotFound>
        <Trans>Coleção não encontrada</Trans>
      </NotFound>
    );
  }

  const pages = data.pages;
  const products = pages.flatMap((p) => p?.products ?? []);
  const total = pages.at(-1)?.total ?? first.total;
  const loadedTo = (data.pageParams.at(-1) as CollectionCursor | null)?.to ?? 1;
  const name = collectionLabel(i18n, first.collection);
  const apply = (next: CollectionFilters) => setSearch(new URLSearchParams(collectionSearch(next)));
  const clearHref = collectionSearch({ sort: filters.sort, on_sale: false });

  const loadMore = async () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = products.length;
    const result = await query.fetchNextPage();
    const to = (result.data?.pageParams.at(-1) as CollectionCursor | null)?.to;
    if (result.isError || !to) {
      focusFrom.current = null;
      return;
    }
    // The URL follows, so a reload or a shared link shows the same products.
    setSearch(new URLSearchParams(collectionSearch(filters, to)), { replace: true });
  };

  return (
    <div className={classes.container}>
      <nav aria-label={t`Navegação estrutural`}>
        <ol className={classes.breadcrumb}>
          <li>
            <Link to="/">
              <Trans>Início</Trans>
            </Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <h1 className={classes.heading}>{name}</h1>
      {first.price_range === null ? (
        <p className={classes.status}>
          <Trans>Nenhum produto nesta coleção ainda.</Trans>
        </p>
      ) : (
        <>
          <CollectionToolbar
            slug={first.collection.slug}
            filters={filters}
            total={total}
            priceRange={first.price_range}
            currency={settings.currency as CurrencyCode}
            clearHref={clearHref}
            onApply={apply}
          />
          <ActiveFilters filters={filters} currency={settings.currency as CurrencyCode} />
          {products.length === 0 ? (
            <div className={classes.status}>
              <p>
                <Trans>Nenhum produto encontrado com esses filtros</Trans>
              </p>
              <Link to={{ search: clearHref }}>
                <Trans>Limpar filtros</Trans>
              </Link>
            </div>
          ) : (
            <div ref={gridRef} className={classes.results} aria-busy={query.isPlaceholderData}>
              <ProductGrid products={products} currency={settings.currency as CurrencyCode} priorityFirst headingLevel={2} />
            </div>
          )}
          {query.hasNextPage && !query.isPlaceholderData && (
            <ViewMore
              search={collectionSearch(filters, loadedTo + 1)}
              shown={products.length}
              total={total}
              loading={query.isFetchingNextPage}
              colors={{ background: settings.view_more_button_bg_color, color: settings.view_more_button_text_color }}
              onMore={loadMore}
            />
          )}
        </>
      )}
    </div>
  );
}
