import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { useTRPC } from '../../trpc.ts';
import { useSettings } from '../common/hooks.ts';
import { NotFound } from '../common/NotFound.tsx';
import classes from '../home/HomePage.module.css';
import { ProductGrid } from '../product/ProductGrid.tsx';

/** Collection page (spec §2): breadcrumb, name, products; not-found view with a link home. */
export function CollectionPage() {
  const { slug = '' } = useParams();
  const trpc = useTRPC();
  const settings = useSettings();
  const query = useQuery(trpc.catalog.collectionPage.queryOptions({ slug }));
  if (!settings) return null;
  if (query.isPending) {
    return (
      <p className={classes.muted}>
        <Trans>Carregando...</Trans>
      </p>
    );
  }
  if (!query.data) {
    return (
      <NotFound>
        <Trans>Coleção não encontrada</Trans>
      </NotFound>
    );
  }
  const { collection, products } = query.data;
  return (
    <div className={classes.container}>
      <nav style={{ display: 'flex', gap: 8, fontSize: '0.85rem', color: '#868e96', margin: '16px 0' }} aria-label="breadcrumb">
        <Link to="/" style={{ color: 'inherit' }}>
          <Trans>Início</Trans>
        </Link>
        <span aria-hidden="true">/</span>
        <span>{collection.name}</span>
      </nav>
      <h1 className={classes.heading}>{collection.name}</h1>
      {products.length === 0 ? (
        <p className={classes.muted}>
          <Trans>Nenhum produto nesta coleção ainda.</Trans>
        </p>
      ) : (
        <ProductGrid products={products} currency={settings.currency as CurrencyCode} eagerCount={4} />
      )}
    </div>
  );
}
