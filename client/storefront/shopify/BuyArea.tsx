import { Trans } from '@lingui/react/macro';
import { type CSSProperties, type ReactNode, useCallback, useState } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import type { Settings } from '../../../shared/settings.ts';
import classes from './BuyArea.module.css';
import { BuySlot } from './BuySlot.tsx';
import type { ProductRef } from './sdk-components.ts';
import { productRef, type ShopSetup } from './shop-setup.ts';
import type { SlotState } from './useBuyButton.ts';
import { useShopSetup } from './useShopSetup.ts';

/**
 * Product page buy area (spec §2): 'Adicionar ao Carrinho' and 'Comprar Agora' (straight to
 * checkout) from the Buy Button, sized by product_button_width_percent / _height_px. Without a
 * configured shop or a Shopify id for the product, a clear note instead of buttons that do nothing.
 * `alternative`, another way to buy (WhatsApp, issue 18), follows the buttons, or takes the note's place.
 */
export function BuyArea({ product, settings, alternative }: { product: ProductDto; settings: Settings; alternative?: ReactNode }) {
  const setup = useShopSetup(settings);
  const ref = productRef(product.shopify_product_id);
  if (!setup || !ref) {
    return (
      alternative ?? (
        <p className={classes.note}>
          <Trans>Compra online indisponível para este produto</Trans>
        </p>
      )
    );
  }
  return (
    <>
      <BuyButtons key={product.id} setup={setup} product={ref} />
      {alternative}
    </>
  );
}

function BuyButtons({ setup, product }: { setup: ShopSetup; product: ProductRef }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const onState = useCallback((state: SlotState) => {
    if (state === 'failed') setFailed(true);
  }, []);
  const { widthPercent, heightPx } = setup.productButton;
  const size = { width: `${widthPercent}%`, height: `${heightPx}px` };
  return (
    <div className={classes.area} style={{ '--button-h': `${heightPx}px` } as CSSProperties}>
      {failed ? (
        <div className={classes.note} role="status">
          <Trans>Não foi possível carregar a compra online.</Trans>
          <button
            type="button"
            className={classes.retry}
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Tentar novamente</Trans>
          </button>
        </div>
      ) : (
        <div key={attempt} className={classes.buttons}>
          <BuySlot product={product} variant="add" colors={setup.colors.product} style={size} onState={onState}>
            {setup.texts.addToCart}
          </BuySlot>
          <BuySlot product={product} variant="buyNow" colors={setup.colors.button} style={size} onState={onState}>
            {setup.texts.buyNow}
          </BuySlot>
        </div>
      )}
    </div>
  );
}
