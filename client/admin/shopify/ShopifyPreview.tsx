import '@fontsource/montserrat/600.css';
import { Trans } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { CartIcon } from '../../storefront/common/icons.tsx';
import { PreviewFrame, PreviewLabel } from '../common/PreviewFrame.tsx';
import classes from './ShopifyPreview.module.css';
import type { ShopifyValues } from './shopify-form.ts';

/**
 * An HTML/CSS imitation of the Buy Button elements with the values being edited (Montserrat 16 px,
 * radius 8, spec §9): home card buttons (phone and desktop), product page buttons, cart toggle and panel.
 */
export function ShopifyPreview({ values: v }: { values: ShopifyValues }) {
  const pair = (bg: string, color: string) => ({ background: bg, color });
  const size = { width: `${v.product_button_width_percent}%`, height: v.product_button_height_px };
  const productButton = { ...pair(v.shopify_product_bg_color, v.shopify_product_text_color), ...size };
  const buyNowButton = { ...pair(v.shopify_button_color, v.shopify_button_text_color), ...size };
  return (
    <PreviewFrame summary={<Trans>Imitação dos botões da Shopify; na loja eles vêm do Buy Button.</Trans>}>
      <Stack gap="md" className={classes.root}>
        <div className={classes.grid}>
          <div>
            <PreviewLabel>
              <Trans>Início · celular</Trans>
            </PreviewLabel>
            <div className={classes.card}>
              <div className={classes.image}>
                <span
                  className={classes.round}
                  style={pair(v.shopify_home_mobile_bg_color, v.shopify_home_mobile_text_color)}
                  data-testid="preview-home-mobile"
                >
                  <CartIcon size={20} />
                </span>
              </div>
              <div className={classes.name}>
                <Trans>Produto</Trans>
              </div>
            </div>
          </div>
          <div>
            <PreviewLabel>
              <Trans>Início · desktop</Trans>
            </PreviewLabel>
            <div className={classes.card}>
              <div className={classes.image}>
                <span className={classes.hover} style={pair(v.shopify_home_desktop_bg_color, v.shopify_home_desktop_text_color)}>
                  <Trans>Adicionar ao Carrinho</Trans>
                </span>
              </div>
              <div className={classes.name}>
                <Trans>Produto</Trans>
              </div>
            </div>
          </div>
        </div>
        <div>
          <PreviewLabel>
            <Trans>Página de produto</Trans>
          </PreviewLabel>
          <div className={classes.product}>
            <span className={classes.button} style={productButton} data-testid="preview-product-button">
              <Trans>Adicionar ao Carrinho</Trans>
            </span>
            <span className={classes.button} style={buyNowButton} data-testid="preview-buy-now-button">
              <Trans>Comprar Agora</Trans>
            </span>
          </div>
        </div>
        <div>
          <PreviewLabel>
            <Trans>Carrinho</Trans>
          </PreviewLabel>
          <div className={classes.cartStage}>
            <span className={classes.toggle} style={pair(v.shopify_toggle_bg_color, v.shopify_toggle_text_color)}>
              <span>2</span>
              <CartIcon size={20} />
            </span>
            <div className={classes.panel} style={pair(v.shopify_cart_bg_color, v.shopify_cart_text_color)}>
              <h4>
                <Trans>Carrinho</Trans>
              </h4>
              <div className={classes.line}>
                <span>
                  <Trans>Produto</Trans> × 2
                </span>
                <span>R$ 179,80</span>
              </div>
              <div className={classes.line}>
                <strong>
                  <Trans>Subtotal</Trans>
                </strong>
                <strong>R$ 179,80</strong>
              </div>
              <span className={classes.note}>
                <Trans>Frete e códigos de desconto são adicionados no checkout.</Trans>
              </span>
              <span className={classes.button} style={{ ...pair(v.shopify_checkout_bg_color, v.shopify_checkout_text_color), height: 44 }}>
                <Trans>Finalizar compra</Trans>
              </span>
            </div>
          </div>
        </div>
      </Stack>
    </PreviewFrame>
  );
}
