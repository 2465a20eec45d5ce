import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ProductDto } from '../../../shared/catalog.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { CartIcon } from '../common/icons.tsx';
import { Price } from '../common/Price.tsx';
import classes from './ProductCard.module.css';

type Props = { product: ProductDto; currency: CurrencyCode; eager?: boolean };

/**
 * Product card (spec §2): first image, name, old and current price, link to the product page.
 * Until the store's Shopify connection mounts a buy button, the cart buttons lead to the product.
 */
export function ProductCard({ product, currency, eager = false }: Props) {
  const { t } = useLingui();
  const href = `/produto/${product.slug}`;
  return (
    <article className={classes.card}>
      <div className={classes.mediaWrap}>
        <Link to={href} className={classes.media}>
          <img
            src={imageUrl(product.images[0] ?? product.image_url)}
            alt={product.title}
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={classes.image}
          />
          <span className={classes.hoverButton}>
            <Trans>Adicionar ao Carrinho</Trans>
          </span>
        </Link>
        <Link to={href} className={classes.roundButton} aria-label={t`Adicionar ao Carrinho`}>
          <CartIcon size={20} />
        </Link>
      </div>
      <Link to={href} className={classes.body}>
        <h3 className={classes.name}>{product.title}</h3>
        <Price price={product.price} oldPrice={product.old_price} currency={currency} />
      </Link>
    </article>
  );
}
