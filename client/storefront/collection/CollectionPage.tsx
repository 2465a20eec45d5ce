import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CollectionCursor, CollectionFilters } from '../../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../../shared/catalog-paths.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { LIMITS } from '../../../shared/limits.ts';
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
import { ViewMore, ViewPrevious } from './PageLinks.tsx';

/**
 * Collection page (spec §2): breadcrumb, translated name, sort and filters, the products of page n
 * ('Ver anteriores' above them past the first page) and 'Ver mais'. Everything lives in the URL, so
 * the server renders the same page; with JavaScript, sorting, filtering and both links happen in
 * place (the pages loaded stay together on screen).
 */
export function CollectionPage() {
  const { slug = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const settings = useSettings();
  const gridRef = useRef<HTMLDivElement>(null);
  // After 'Ver mais' or 'Ver anteriores': the index of the first new product, focused as soon as
  // it is on screen (after 'Ver mais' without moving the page; the earlier products are scrolled to).
  // `shown` is the number of products before the load: nothing is focused until the new ones are there.
  const focusFrom = useRef<{ index: number; scroll: boolean; shown: number } | null>(null);
  useEffect(() => {
    const target = focusFrom.current;
    const cards = target === null ? undefined : gridRef.current?.querySelectorAll('article');
    const card = cards && target && cards.length > target.shown ? cards[target.index] : undefined;
    if (!card || !target) return;
    focusFrom.current = null;
    card.querySelector<HTMLElement>(':scope > a')?.focus({ preventScroll: !target.scroll });
  });
  const { filters, page } = parseCollectionSearch(search);
  // No slug: the featured listing (FEATURED_PATH), the products without a collection.
  const valid = slug === FEATURED_SLUG || isSlug(slug);
  const options = collectionPageQuery(trpc, slug, search);
  const query = useInfiniteQuery({
    ...options,
    enabled: valid,
    // While another sort or filter loads, the products shown stay (dimmed) instead of a blank page.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[1]?.input as { slug?: string } | undefined)?.slug === slug ? previous : undefined,
  });
  // The pages loaded are kept per sort and filters, whatever the page: a link to a page outside
  // them (the collection's own link from page 3, say) starts the list again at the URL's page.
  const qc = useQueryClient();
  const cursors = query.isPlaceholderData ? undefined : (query.data?.pageParams as (CollectionCursor | null)[] | undefined);
  const outside = !!cursors?.length && (page < (cursors[0]?.from ?? 1) || page > (cursors.at(-1)?.to ?? 1));
  useEffect(() => {
    if (outside) void qc.resetQueries({ queryKey: options.queryKey, exact: true });
  }, [outside, qc, options.queryKey]);
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
  const loadedFrom = (data.pageParams[0] as CollectionCursor | null)?.from ?? 1;
  const name = collectionLabel(i18n, first.collection);
  // A page past the last (a shared link after products went): the link back leads to the last one.
  const pastTheEnd = products.length === 0 && loadedFrom > 1;
  const lastPage = Math.max(1, Math.ceil(total / LIMITS.collectionPageSize));
  const apply = (next: CollectionFilters) => setSearch(new URLSearchParams(collectionSearch(next)));
  const clearHref = collectionSearch({ sort: filters.sort, on_sale: false });

  const loadPrevious = async () => {
    if (query.isFetchingPreviousPage) return;
    focusFrom.current = { index: 0, scroll: true, shown: products.length };
    const result = await query.fetchPreviousPage();
    if (result.isError) focusFrom.current = null;
  };
  const loadMore = async () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = { index: products.length, scroll: false, shown: products.length };
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
          {query.hasPreviousPage && !query.isPlaceholderData && (
            <ViewPrevious
              search={collectionSearch(filters, pastTheEnd ? lastPage : loadedFrom - 1)}
              loading={query.isFetchingPreviousPage}
              colors={{ background: settings.view_more_button_bg_color, color: settings.view_more_button_text_color }}
              onLoad={pastTheEnd ? () => setSearch(new URLSearchParams(collectionSearch(filters, lastPage))) : loadPrevious}
            />
          )}
          {pastTheEnd ? null : products.length === 0 ? (
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
              onLoad={loadMore}
            />
          )}
        </>
      )}
    </div>
  );
}
