import type { ProductDto } from '../../../shared/catalog.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { ProductCard } from './ProductCard.tsx';
import classes from './ProductGrid.module.css';

/** The product grid (spec §2): 2 columns on phones, 4 from the desktop breakpoint. */
export function ProductGrid({
  products,
  currency,
  eagerCount = 0,
}: {
  products: ProductDto[];
  currency: CurrencyCode;
  eagerCount?: number;
}) {
  return (
    <div className={classes.grid}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} currency={currency} eager={i < eagerCount} />
      ))}
    </div>
  );
}
