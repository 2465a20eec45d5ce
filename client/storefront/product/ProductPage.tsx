import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { isSlug } from '../../../shared/text-rules.ts';
import { useTRPC } from '../../trpc.ts';
import { useSettings } from '../common/hooks.ts';
import { Deferred } from '../common/hydration.tsx';
import { TruckIcon } from '../common/icons.tsx';
import { NotFound } from '../common/NotFound.tsx';
import { Price } from '../common/Price.tsx';
import { useCurrentSlug } from '../common/use-current-slug.ts';
import { FreeShippingNote } from '../free-shipping/FreeShippingNote.tsx';
import { PaymentOptions } from '../payment/PaymentOptions.tsx';
import { Link, useParams } from '../router.tsx';
import { BuyArea } from '../shopify/BuyArea.tsx';
import { Gallery } from './Gallery.tsx';
import classes from './ProductPage.module.css';
import { ReviewsBlock } from './ReviewsBlock.tsx';

/**
 * The specifications and the share block sit below the buy area and matter only once touched:
 * their code is fetched after the first download (the server renders them whole; each hydrates on
 * its own when its chunk arrives), which keeps every page's first download within the budget.
 */
const ProductSpecs = lazy(() => import('./ProductSpecs.tsx').then((m) => ({ default: m.ProductSpecs })));
const ShareBlock = lazy(() => import('./ShareBlock.tsx').then((m) => ({ default: m.ShareBlock })));
/** Only shops with a WhatsApp number draw it: the others never download it. */
const BuyOnWhatsApp = lazy(() => import('../whatsapp/BuyOnWhatsApp.tsx').then((m) => ({ default: m.BuyOnWhatsApp })));

/** The delivery estimate for the visitor's region when it is known (spec §7 location), else generic. */
function DeliveryText({ min, max }: { min: number; max: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  // Detected in the browser only: the server-rendered page shows the generic text.
  const { data } = useQuery({ ...trpc.location.detect.queryOptions(), enabled: typeof window !== 'undefined', retry: false });
  const place = data?.city ? [data.city, data.state].filter(Boolean).join(' - ') : null;
  return (
    <span>
      {place
        ? t`Entrega estimada em ${min} a ${max} dias úteis para ${place}`
        : t`Entrega estimada em ${min} a ${max} dias úteis para a sua região`}
    </span>
  );
}

/** Product page (spec §2): breadcrumb, gallery, prices, delivery box, description, specifications, share. */
export function ProductPage() {
  const { t } = useLingui();
  const { slug = '' } = useParams();
  const trpc = useTRPC();
  const settings = useSettings();
  const valid = isSlug(slug);
  const query = useQuery({ ...trpc.catalog.productPage.queryOptions({ slug }), enabled: valid });
  useCurrentSlug('/produto', slug, query.data?.slug);
  if (!settings) return null;
  if (valid && query.isPending) {
    return <p className={classes.loading}>{t`Carregando...`}</p>;
  }
  const product = query.data;
  if (!product) {
    return <NotFound>{t`Produto não encontrado`}</NotFound>;
  }
  const min = settings.shipping_min_days;
  const max = settings.shipping_max_days;
  return (
    <div className={classes.page}>
      <nav className={classes.breadcrumb} aria-label="breadcrumb">
        <Link to="/">{t`Início`}</Link>
        <span aria-hidden="true">/</span>
        <span>{product.title}</span>
      </nav>
      <div className={classes.columns}>
        <Gallery
          images={product.images}
          title={product.title}
          thumbnails={settings.show_product_thumbnails}
          thumbnailSize={settings.product_thumbnail_size}
        />
        <div className={classes.info}>
          <h1 className={classes.title}>{product.title}</h1>
          <Price
            price={product.price}
            oldPrice={product.old_price}
            currency={settings.currency as CurrencyCode}
            showDiscount={settings.show_discount_tag}
            size="lg"
          />
          {product.payment_options && <PaymentOptions options={product.payment_options} currency={settings.currency as CurrencyCode} />}
          <FreeShippingNote price={product.price} settings={settings} />
          {settings.shipping_enabled && (
            <div className={classes.shipping} style={{ background: settings.shipping_bg_color, color: settings.shipping_text_color }}>
              <span style={{ color: settings.shipping_icon_color }}>
                <TruckIcon />
              </span>
              <DeliveryText min={min} max={max} />
            </div>
          )}
          <BuyArea
            product={product}
            settings={settings}
            alternative={
              settings.whatsapp_number ? (
                <Deferred name="whatsapp-buy">
                  <BuyOnWhatsApp product={product} settings={settings} />
                </Deferred>
              ) : undefined
            }
          />
          {product.description && (
            <section className={classes.description}>
              <h2>{t`Descrição`}</h2>
              <p>{product.description}</p>
            </section>
          )}
          <Deferred name="specs">
            <ProductSpecs product={product} />
          </Deferred>
          <Deferred name="share">
            <ShareBlock product={product} />
          </Deferred>
        </div>
      </div>
      <ReviewsBlock productId={product.id} />
    </div>
  );
}
