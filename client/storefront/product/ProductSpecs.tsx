import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ProductDto } from '../../../shared/catalog.ts';
import { useTRPC } from '../../trpc.ts';
import { collectionLabel } from '../common/collection-label.ts';
import { useSettings } from '../common/hooks.ts';
import { Link } from '../router.tsx';
import { isBuyable } from '../shopify/shop-setup.ts';
import classes from './ProductSpecs.module.css';

/**
 * The product's specifications (spec §2), only what helps a shopper: its collection, that it is
 * sold online (only when the buy area really offers it: never next to 'Compra online indisponível';
 * stock is the Buy Button's to tell), how many photos it has, and its rating when it has reviews.
 * The internal id is not shown: a shopper cannot use it anywhere.
 */
export function ProductSpecs({ product }: { product: ProductDto }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const { data: collections } = useQuery(trpc.catalog.collections.queryOptions());
  const { data: reviews } = useQuery(trpc.reviews.list.queryOptions({ product_id: product.id }));
  const settings = useSettings();
  const buyable = !!settings && isBuyable(settings, product.shopify_product_id);
  const collection = collections?.find((c) => c.id === product.collection_id && c.active);
  const photos = product.images.length;
  const stats = reviews?.stats;
  const total = stats?.total ?? 0;
  return (
    <section className={classes.block} aria-labelledby="specs-title">
      <h2 id="specs-title" className={classes.title}>
        {t`Especificações`}
      </h2>
      <dl className={classes.list}>
        {collection && (
          <div className={classes.row}>
            <dt>{t`Coleção`}</dt>
            <dd>
              <Link to={`/colecao/${collection.slug}`}>{collectionLabel(i18n, collection)}</Link>
            </dd>
          </div>
        )}
        {buyable && (
          <div className={classes.row}>
            <dt>{t`Disponibilidade`}</dt>
            <dd>{t`Compra online`}</dd>
          </div>
        )}
        {photos > 0 && (
          <div className={classes.row}>
            <dt>{t`Fotos`}</dt>
            <dd>
              <Plural value={photos} one="# foto" other="# fotos" />
            </dd>
          </div>
        )}
        {stats && total > 0 && (
          <div className={classes.row}>
            <dt>{t`Avaliação`}</dt>
            <dd>
              <a href="#reviews-title">
                {i18n.number(stats.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 5 (
                <Plural value={total} one="# avaliação" other="# avaliações" />)
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
