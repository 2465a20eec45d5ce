import type { ProductCardDto } from '../../../shared/catalog.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { type CardHeadingLevel, ProductCard } from './ProductCard.tsx';
import classes from './ProductGrid.module.css';

/**
 * The product grid (spec §2): 2 columns on phones, 4 from the desktop breakpoint (768 px). A grid
 * with fewer products than columns is centred (`data-count`).
 */
export function ProductGrid({
  products,
  currency,
  priorityFirst = false,
  headingLevel = 3,
}: {
  products: ProductCardDto[];
  currency: CurrencyCode;
  /** The first card's image is the page's LCP image. */
  priorityFirst?: boolean;
  /** The level of the cards' name headings: one below the heading the grid sits under. */
  headingLevel?: CardHeadingLevel;
}) {
  return (
    <div className={classes.grid} data-count={products.length}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} currency={currency} priority={priorityFirst && i === 0} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
