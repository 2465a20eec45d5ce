import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import type { Settings } from '../../../shared/settings.ts';
import { whatsappLink } from '../../../shared/whatsapp-link.ts';
import { useProductUrl } from '../product/product-url.ts';
import { WhatsAppIcon } from '../product/ShareIcons.tsx';
import classes from './WhatsApp.module.css';

/**
 * 'Comprar pelo WhatsApp' on the product page (issue 18): a plain link to the shop's WhatsApp with
 * the product's name, price (the shop's currency format) and link in the message. Beside the Buy
 * Button, or in its place when the product cannot be bought online, so a shop without Shopify
 * sells this way. Nothing while the shop has no WhatsApp number.
 */
export function BuyOnWhatsApp({ product, settings }: { product: ProductDto; settings: Settings }) {
  const { t } = useLingui();
  const url = useProductUrl(product.slug);
  if (!settings.whatsapp_number) return null;
  const price = formatMoney(product.price, settings.currency as CurrencyCode);
  const message = [t`Olá! Quero comprar este produto:`, product.title, t`Preço: ${price}`, url].join('\n');
  const size = { width: `${settings.product_button_width_percent}%`, minHeight: `${settings.product_button_height_px}px` } as CSSProperties;
  return (
    <a
      className={classes.buy}
      style={size}
      href={whatsappLink(settings.whatsapp_number, message)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <WhatsAppIcon />
      {t`Comprar pelo WhatsApp`}
    </a>
  );
}
