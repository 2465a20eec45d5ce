import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FEATURED_PATH } from '../../../shared/catalog-paths.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { useTRPC } from '../../trpc.ts';
import { useSettings } from '../common/hooks.ts';
import { ProductGrid } from '../product/ProductGrid.tsx';
import { Link } from '../router.tsx';
import { BannerCarousel } from './BannerCarousel.tsx';
import classes from './HomePage.module.css';
import { HomeSection } from './HomeSection.tsx';
import { MoreSections } from './MoreSections.tsx';

/**
 * Home (spec §2): banners, featured products (no collection), one section per active collection:
 * the first LIMITS.homeSectionsPerPage with the page, the others when the shopper asks for them.
 */
export function HomePage() {
  const trpc = useTRPC();
  const settings = useSettings();
  const home = useQuery(trpc.catalog.home.queryOptions());
  const banners = useQuery(trpc.content.banners.queryOptions());
  if (!settings) return null;
  const currency = settings.currency as CurrencyCode;
  const viewMore = { background: settings.view_more_button_bg_color, color: settings.view_more_button_text_color };
  return (
    <>
      {/* The design has no visible page title: the shop's name is the home's heading for assistive technology. */}
      <h1 className="visually-hidden">{settings.site_title || 'Minha Loja'}</h1>
      <BannerCarousel banners={banners.data ?? []} />
      <div className={classes.container}>
        {home.isPending && (
          <p className={classes.muted}>
            <Trans>Carregando...</Trans>
          </p>
        )}
        {home.data && home.data.featured.length > 0 && (
          <section className={classes.section} aria-labelledby="home-featured">
            <h2 id="home-featured" className={classes.heading}>
              <Trans>Produtos em destaque</Trans>
            </h2>
            <ProductGrid products={home.data.featured} currency={currency} priorityFirst={!banners.data?.length} />
            {home.data.featured_has_more && (
              <div className={classes.more}>
                <Link to={FEATURED_PATH} className={classes.moreButton} style={viewMore}>
                  <Trans>Ver mais</Trans>
                  <span className="visually-hidden">
                    {' '}
                    <Trans>Produtos em destaque</Trans>
                  </span>
                </Link>
              </div>
            )}
          </section>
        )}
        {home.data?.sections.map((s, i) => (
          <HomeSection
            key={s.collection.id}
            section={s}
            currency={currency}
            priorityFirst={i === 0 && !banners.data?.length && !home.data?.featured.length}
            viewMore={viewMore}
          />
        ))}
        {home.data?.sections_next != null && <MoreSections start={home.data.sections_next} currency={currency} viewMore={viewMore} />}
      </div>
    </>
  );
}
