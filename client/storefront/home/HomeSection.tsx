import { Trans, useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import type { HomeSectionsDto } from '../../../shared/catalog.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { collectionLabel } from '../common/collection-label.ts';
import { ProductGrid } from '../product/ProductGrid.tsx';
import { Link } from '../router.tsx';
import classes from './HomePage.module.css';

type Props = {
  section: HomeSectionsDto['sections'][number];
  currency: CurrencyCode;
  /** The section's first image is the page's LCP image. */
  priorityFirst: boolean;
  viewMore: CSSProperties;
};

/** One collection's section of the home (spec §2): its first products and 'Ver mais' when it has more. */
export function HomeSection({ section: s, currency, priorityFirst, viewMore }: Props) {
  const { i18n } = useLingui();
  const id = `home-collection-${s.collection.id}`;
  const label = collectionLabel(i18n, s.collection);
  return (
    <section className={`${classes.section} ${classes.offscreen}`} aria-labelledby={id}>
      <h2 id={id} className={classes.heading}>
        {label}
      </h2>
      <ProductGrid products={s.products} currency={currency} priorityFirst={priorityFirst} />
      {s.has_more && (
        <div className={classes.more}>
          <Link to={`/colecao/${s.collection.slug}`} className={classes.moreButton} style={viewMore}>
            <Trans>Ver mais</Trans>
            <span className="visually-hidden"> {label}</span>
          </Link>
        </div>
      )}
    </section>
  );
}
