import { useLingui } from '@lingui/react/macro';
import type { ProductCardDto } from '../../../shared/catalog.ts';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { useSettings } from '../common/hooks.ts';
import { CartIcon } from '../common/icons.tsx';
import { Price } from '../common/Price.tsx';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import { PaymentLines } from '../payment/PaymentLines.tsx';
import { followLink } from '../router.tsx';
import { BuySlot } from '../shopify/BuySlot.tsx';
import { productRef } from '../shopify/shop-setup.ts';
import { useShopSetup } from '../shopify/useShopSetup.ts';
import classes from './ProductCard.module.css';

export type CardHeadingLevel = 2 | 3;

/**
 * `priority`: this card's image is the page's LCP image (the first card of a page without banners).
 * `headingLevel`: the name's heading, one below the heading above the grid (a collection page's
 * title is an h1, a home section's an h2), so screen readers' heading outline has no gaps.
 */
type Props = { product: ProductCardDto; currency: CurrencyCode; priority?: boolean; headingLevel?: CardHeadingLevel };

/** The two home variants: the round icon button on touch screens, the text button on hover. */
const TOUCH = '(hover: none)';
const HOVER = '(hover: hover)';

/**
 * Product card (spec §2): first image, name, old and current price, all one link to the product
 * page (one tab stop). When the product has a shopify_product_id and a shop is configured, the
 * real Buy Button sits over the image: a 44x44 round icon button on touch devices (`homeMobile`)
 * or a text button on hover (`homeDesktop`, max 300 px). Otherwise there is no add-to-cart
 * pretence: the hover hint says what the card does, open the product.
 */
export function ProductCard({ product, currency, priority = false, headingLevel = 3 }: Props) {
  const { t } = useLingui();
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const settings = useSettings();
  const setup = useShopSetup(settings);
  const ref = productRef(product.shopify_product_id);
  const buyable = !!setup && !!ref;
  return (
    <article className={classes.card}>
      <a className={classes.link} href={`/produto/${product.slug}`} onClick={followLink}>
        <div className={classes.media}>
          <ResponsiveImage
            src={product.image_url}
            alt=""
            width={400}
            height={400}
            sizes={IMAGE_SIZES.card}
            priority={priority}
            className={classes.image}
          />
          {!buyable && (
            <span className={classes.viewHint} aria-hidden="true">
              {t`Ver produto`}
            </span>
          )}
        </div>
        <div className={classes.body}>
          <Name className={classes.name}>{product.title}</Name>
          <Price price={product.price} oldPrice={product.old_price} currency={currency} />
          {product.payment && <PaymentLines payment={product.payment} currency={currency} />}
        </div>
      </a>
      {setup && ref && (
        <div className={classes.actions}>
          <BuySlot product={ref} variant="homeMobile" media={TOUCH} colors={setup.colors.homeMobile} className={classes.round}>
            <CartIcon size={22} />
          </BuySlot>
          <BuySlot product={ref} variant="homeDesktop" media={HOVER} colors={setup.colors.homeDesktop} className={classes.hoverButton}>
            {setup.texts.addToCart}
          </BuySlot>
        </div>
      )}
    </article>
  );
}
